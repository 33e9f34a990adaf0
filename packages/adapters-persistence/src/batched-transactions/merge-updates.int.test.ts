import type { WebhookEvent } from '@payout/domain';
import { buildWebhookEvent, buildWithdrawal, seedParties } from '@payout/domain/testing';
import { expect } from 'chai';
import type { Knex } from 'knex';
import { createKnex } from '../sql/knex-pool.js';
import { knexContractSubject } from '../testing/knex-contract-subject.js';
import { statementsOf, writesInTransaction } from '../testing/statements-sent.js';
import { testDatabase } from '../testing/test-database.js';
import { insertWrite, runWrites, type SqlWrite, updateWrite } from './sql-write.js';

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

const EVENTS = 'test_merge_updates_events';
const NOTES = 'test_merge_updates_notes';
const EVENT_TYPES = { id: 'text', attempts: 'integer', delivered_at: 'timestamptz' };

let eventsMade = 0;
const nextEvent = () => {
  eventsMade += 1;
  return `e${eventsMade}`;
};

describe('mergeUpdates on PostgreSQL: what travels as one update', () => {
  let knex: Knex;

  before(async () => {
    ({ knex } = await testDatabase());
    await knex.raw(
      `CREATE TABLE IF NOT EXISTS ${EVENTS} (id text PRIMARY KEY, attempts int NOT NULL, delivered_at timestamptz)`,
    );
    await knex.raw(`CREATE TABLE IF NOT EXISTS ${NOTES} (id text PRIMARY KEY)`);
  });

  /** `count` events never attempted, their ids. */
  const events = async (count: number) => {
    const ids = Array.from({ length: count }, nextEvent);
    await knex(EVENTS).insert(ids.map((id) => ({ id, attempts: 0 })));
    return ids;
  };
  /** The outcome of attempt `attempts` of event `id`: written only if it has had one fewer. */
  const outcome = (id: string, attempts: number): SqlWrite =>
    updateWrite(EVENTS, { attempts }, { id, attempts: attempts - 1 }, EVENT_TYPES, {
      rows: 1,
      error: () => new Error(`stale ${id}`),
    });
  const delivered = (id: string): SqlWrite =>
    updateWrite(EVENTS, { delivered_at: new Date(0) }, { id }, EVENT_TYPES, {
      rows: 1,
      error: () => new Error(`missing ${id}`),
    });
  const run = (writes: readonly SqlWrite[], db: Knex = knex) => writesInTransaction(db, writes);
  const attemptsOf = async (ids: readonly string[]) =>
    (await knex(EVENTS).whereIn('id', ids).orderByRaw('length(id), id')).map((row) => [row.id, row.attempts]);

  it('sends adjacent single-row updates of one shape as one statement, each row its own values', async () => {
    const ids = await events(3);
    const [a, b, c] = ids as [string, string, string];
    await knex(EVENTS).where({ id: b }).update({ attempts: 2 });
    expect(await run([outcome(a, 1), outcome(b, 3), outcome(c, 1)])).to.deep.equal({ sent: 1, error: null });
    expect(await attemptsOf(ids)).to.deep.equal([
      [a, 1],
      [b, 3],
      [c, 1],
    ]);
  });

  it('plans one text for merges of any number of members on a connection', async () => {
    const { url } = await testDatabase();
    const oneConnection = createKnex(url, 1);
    try {
      const ids = await events(5);
      await run([outcome(ids[0]!, 1), outcome(ids[1]!, 1)], oneConnection);
      await run([outcome(ids[2]!, 1), outcome(ids[3]!, 1), outcome(ids[4]!, 1)], oneConnection);
      const { rows } = await oneConnection.raw(
        `SELECT count(*)::int AS n FROM pg_prepared_statements WHERE statement LIKE '%${EVENTS}%'`,
      );
      expect(rows[0].n).to.equal(1);
    } finally {
      await oneConnection.destroy();
    }
  });

  it('fails the whole merged update, with the first member’s error, when one member’s row is stale', async () => {
    const ids = await events(2);
    const [fresh, stale] = ids as [string, string];
    await knex(EVENTS).where({ id: stale }).update({ attempts: 1 });
    expect(await run([outcome(fresh, 1), outcome(stale, 1)])).to.deep.equal({
      sent: 1,
      error: `stale ${fresh}`,
    });
    expect(await attemptsOf(ids)).to.deep.equal([
      [fresh, 0],
      [stale, 1],
    ]);
  });

  it('merges only neighbours of one shape, and never two updates of one row', async () => {
    const ids = await events(4);
    const [a, b, c, d] = ids as [string, string, string, string];
    const note = insertWrite(NOTES, [{ id: `note-${a}` }]);
    // The second update of d must see the first's result: one statement would update the row once.
    const writes = [outcome(a, 1), note, outcome(b, 1), delivered(c), outcome(d, 1), outcome(d, 2)];
    expect(await run(writes)).to.deep.equal({ sent: 6, error: null });
    expect(await attemptsOf(ids)).to.deep.equal([
      [a, 1],
      [b, 1],
      [c, 0],
      [d, 2],
    ]);
  });

  it('leaves alone an update of the same shape that expects no count, another count, or checks its own', async () => {
    const ids = await events(6);
    const [a, b, c, d, e, f] = ids as [string, string, string, string, string, string];
    const unchecked: SqlWrite = { ...outcome('no such event', 1), expect: undefined };
    const counts: number[] = [];
    const checked: SqlWrite = { ...outcome(c, 1), check: (n) => counts.push(n) };
    const many: SqlWrite = {
      ...outcome(e, 1),
      text: `UPDATE ${EVENTS} SET attempts = $1 WHERE id = ANY($2::text[]) AND attempts = $3`,
      values: [1, [e, f], 0],
      expect: { rows: 2, error: () => new Error('not two') },
    };
    for (const [first, odd] of [
      [a, unchecked],
      [b, checked],
      [d, many],
    ] as const)
      expect(await run([outcome(first, 1), odd])).to.deep.equal({ sent: 2, error: null });
    expect(counts, 'its own row count').to.deep.equal([1]);
    expect((await attemptsOf(ids)).map(([, attempts]) => attempts)).to.deep.equal([1, 1, 1, 1, 1, 1]);
  });
});

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
