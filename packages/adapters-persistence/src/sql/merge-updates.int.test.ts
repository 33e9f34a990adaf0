import type { WebhookEvent } from '@payout/domain';
import { buildWebhookEvent, buildWithdrawal, seedParties } from '@payout/domain/testing';
import { expect } from 'chai';
import { knexContractSubject } from '../testing/knex-contract-subject.js';
import { statementsOf } from '../testing/statements-sent.js';
import { testDatabase } from '../testing/test-database.js';
import { createKnex } from './knex-pool.js';
import { runWrites, updateWrite } from './sql-write.js';

const WIDE = 'test_merge_updates_wide';
const GROWING = 'test_merge_updates_growing';

/** An update of `table`'s row `id` to `n`, typed, that must touch its row. */
const bumpIn = (table: string) => (id: number, n: number) =>
  updateWrite(
    table,
    { n },
    { id },
    { id: 'integer', n: 'integer' },
    { rows: 1, error: () => new Error(`${id}`) },
  );

describe('mergeUpdates on PostgreSQL, through the unit of work', () => {
  it('records a group of delivery outcomes with one UPDATE, each event its own values', async () => {
    const { unitOfWork } = await knexContractSubject();
    const parties = await seedParties(unitOfWork);
    const withdrawal = buildWithdrawal(parties);
    const events = [1, 2, 3, 4].map((sequence) => buildWebhookEvent(parties, withdrawal.id, sequence));
    await unitOfWork.run(async (tx) => {
      await tx.withdrawals.insert(withdrawal);
      for (const event of events) await tx.webhookEvents.insert(event);
    });
    const outcomes: WebhookEvent[] = events.map((event, n) => ({
      ...event,
      attempts: 1,
      deliveryState: n === 2 ? 'PENDING' : 'DELIVERED',
      nextAttemptAt: n === 2 ? new Date(Date.UTC(2026, 2, 1, 11, n)) : null,
      deliveredAt: n === 2 ? null : new Date(Date.UTC(2026, 2, 1, 10, n)),
    }));
    const sent = await statementsOf(() =>
      unitOfWork.run(async (tx) => {
        for (const outcome of outcomes) await tx.webhookEvents.update(outcome, 0);
      }),
    );
    expect(sent, 'BEGIN, one update for the four, COMMIT').to.have.length(3);
    expect(await unitOfWork.read.webhookEvents.listForWithdrawal(withdrawal.id)).to.deep.equal(outcomes);
  });

  it('lets a connection keep one generic plan for merged updates from its sixth call, however few the members', async () => {
    const { url, knex } = await testDatabase();
    await knex.raw(`CREATE TABLE IF NOT EXISTS ${WIDE} (id int PRIMARY KEY, n int NOT NULL)`);
    await knex.raw(`INSERT INTO ${WIDE} SELECT i, 0 FROM generate_series(1, 20000) i ON CONFLICT DO NOTHING`);
    await knex.raw(`ANALYZE ${WIDE}`);
    const oneConnection = createKnex(url, 1);
    const bump = bumpIn(WIDE);
    try {
      // Two members on odd calls, three on even ones: one text for both.
      for (let call = 1; call <= 7; call += 1)
        await runWrites(oneConnection, [
          bump(call, call),
          bump(call + 100, call),
          ...(call % 2 === 0 ? [bump(call + 200, call)] : []),
        ]);
      const { rows } = await oneConnection.raw(
        `SELECT generic_plans, custom_plans FROM pg_prepared_statements WHERE statement LIKE '%UPDATE "${WIDE}" AS t%'`,
      );
      expect([Number(rows[0].custom_plans), Number(rows[0].generic_plans)]).to.deep.equal([5, 2]);
      const { rows: stored } = await knex.raw(`SELECT id, n FROM ${WIDE} WHERE n > 0 ORDER BY id`);
      expect(stored.map((row: { id: number; n: number }) => [row.id, row.n])).to.deep.equal(
        [1, 2, 3, 4, 5, 6, 7, 101, 102, 103, 104, 105, 106, 107, 202, 204, 206].map((id) => [id, id % 100]),
      );
    } finally {
      await oneConnection.destroy();
    }
  });

  it('keeps probing the primary key when the table grows under the plan a connection kept', async () => {
    const { url, knex } = await testDatabase();
    await knex.raw(`CREATE TABLE ${GROWING} (id int PRIMARY KEY, n int NOT NULL, pad text NOT NULL)`);
    const add = (from: number, to: number) =>
      knex.raw(
        `INSERT INTO ${GROWING} SELECT i, 0, repeat('x', 300) FROM generate_series(?::int, ?::int) i`,
        [from, to],
      );
    await add(1, 1000);
    await knex.raw(`ANALYZE ${GROWING}`);
    const oneConnection = createKnex(url, 1);
    const bump = bumpIn(GROWING);
    try {
      for (let call = 1; call <= 6; call += 1)
        await runWrites(oneConnection, [bump(call, call), bump(call + 100, call)]);
      await add(1001, 60_000);
      const { rows } = await oneConnection.raw(
        `SELECT name FROM pg_prepared_statements WHERE statement LIKE '%UPDATE "${GROWING}" AS t%'`,
      );
      // The arrays of n and id, the number of members, the rows expected.
      const { rows: plan } = await oneConnection.raw(
        `EXPLAIN EXECUTE "${rows[0].name}"('{7,7}', '{7,107}', 2, 2)`,
      );
      const text = plan.map((line: { 'QUERY PLAN': string }) => line['QUERY PLAN']).join('\n');
      expect(text, 'the plan kept from 1,000 rows, run on 60,000').to.include(
        `Index Scan using ${GROWING}_pkey`,
      );
      expect(text).not.to.include(`Seq Scan on ${GROWING}`);
    } finally {
      await oneConnection.destroy();
    }
  });
});
