import type { WebhookEvent } from '@payout/domain';
import { buildWebhookEvent, buildWithdrawal, seedParties } from '@payout/domain/testing';
import { expect } from 'chai';
import type { Knex } from 'knex';
import { type IsolatedDatabase, isolatedDatabase } from '../ledger/isolated-database.fixture.js';
import { createKnex } from '../sql/knex-pool.js';
import { immediateWriter } from '../sql/sql-write.js';
import { recordingUnitOfWork } from '../testing/knex-contract-subject.js';
import { KnexWebhookEventRepository } from './knex-webhook-event.repository.js';

interface TableCounts {
  readonly updates: number;
  readonly dueIndexScans: number;
}

async function tableCounts(knex: Knex): Promise<TableCounts> {
  await knex.raw('SELECT pg_stat_clear_snapshot()');
  const { rows } = await knex.raw(`
    SELECT t.n_tup_upd AS updates, i.idx_scan AS due_scans
      FROM pg_stat_user_tables t JOIN pg_stat_user_indexes i ON i.relid = t.relid
     WHERE t.relname = 'webhook_events' AND i.indexrelname = 'webhook_events_due_idx'`);
  return {
    updates: Number(rows[0].updates),
    dueIndexScans: Number(rows[0].due_scans),
  };
}

/**
 * What `work` did to the events table's counters. It runs on a connection of its own, closed after it: a
 * closing backend reports its statistics at once; they are waited for until `updates` more rows were updated.
 */
async function countsOf(
  database: IsolatedDatabase,
  updates: number,
  work: (repository: KnexWebhookEventRepository) => Promise<void>,
): Promise<TableCounts> {
  const before = await tableCounts(database.knex);
  const connection = createKnex(database.url, 1);
  try {
    await work(new KnexWebhookEventRepository(connection, immediateWriter(connection)));
  } finally {
    await connection.destroy();
  }
  const deadline = Date.now() + 10_000;
  let after = await tableCounts(database.knex);
  while (after.updates < before.updates + updates && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    after = await tableCounts(database.knex);
  }
  return {
    updates: after.updates - before.updates,
    dueIndexScans: after.dueIndexScans - before.dueIndexScans,
  };
}

const due = new Date(Date.UTC(2000, 0, 1));

/** The webhook delivery queue's statements on PostgreSQL, as the planner runs them. */
describe('Webhook event queue on PostgreSQL', function () {
  this.timeout(60_000);
  let database: IsolatedDatabase;

  before(async () => {
    database = await isolatedDatabase('webhook_event_queue', 2);
  });
  after(async () => {
    await database.drop();
  });

  it('records an outcome by the event’s id, not by scanning the due events, when statistics say few are due (migration 0010)', async () => {
    const unitOfWork = recordingUnitOfWork(database.knex);
    const parties = await seedParties(unitOfWork);
    const withdrawal = buildWithdrawal(parties);
    let sequence = 0;
    const insert = async (count: number, state: Partial<WebhookEvent>) => {
      const events = Array.from({ length: count }, () => ({
        ...buildWebhookEvent(parties, withdrawal.id, ++sequence),
        ...state,
      }));
      await unitOfWork.run(async (tx) => {
        for (const event of events) await tx.webhookEvents.insert(event);
      });
      return events;
    };
    await unitOfWork.run((tx) => tx.withdrawals.insert(withdrawal));
    // Statistics taken when every event had been delivered, then a backlog: what a stalled endpoint leaves.
    await insert(200, { deliveryState: 'DELIVERED', attempts: 1, nextAttemptAt: null, deliveredAt: due });
    await database.knex.raw('ANALYZE webhook_events');
    const [event] = await insert(1000, { nextAttemptAt: due });
    const counts = await countsOf(database, 1, (repository) =>
      repository.update(
        { ...event!, deliveryState: 'DELIVERED', attempts: 1, nextAttemptAt: null, deliveredAt: due },
        0,
      ),
    );
    expect(counts.updates).to.equal(1);
    expect(counts.dueIndexScans, 'the due index was not read').to.equal(0);
  });
});
