import { randomUUID } from 'node:crypto';
import type { WebhookEvent } from '@payout/domain';
import { buildWebhookEvent, buildWithdrawal, seedParties } from '@payout/domain/testing';
import { expect } from 'chai';
import type { Knex } from 'knex';
import { immediateWriter } from '../batched-transactions/sql-write.js';
import { type IsolatedDatabase, isolatedDatabase } from '../ledger/isolated-database.fixture.js';
import { createKnex } from '../sql/knex-pool.js';
import { recordingUnitOfWork } from '../testing/knex-contract-subject.js';
import { KnexWebhookEventRepository } from './knex-webhook-event.repository.js';

interface TableCounts {
  /** Rows updated in webhook_deliveries. */
  readonly updates: number;
  readonly dueIndexScans: number;
  /** Rows updated in webhook_events. */
  readonly eventUpdates: number;
}

async function tableCounts(knex: Knex): Promise<TableCounts> {
  await knex.raw('SELECT pg_stat_clear_snapshot()');
  // Summed over the partitions (migration 0024): a partitioned table's counters are its partitions'.
  const { rows } = await knex.raw(`
    SELECT (SELECT sum(n_tup_upd) FROM pg_stat_user_tables s
              JOIN pg_partition_tree('webhook_deliveries') p ON p.relid = s.relid) AS updates,
           (SELECT sum(idx_scan) FROM pg_stat_user_indexes s
              JOIN pg_partition_tree('webhook_deliveries_due_idx') p ON p.relid = s.indexrelid) AS due_scans,
           (SELECT sum(n_tup_upd) FROM pg_stat_user_tables s
              JOIN pg_partition_tree('webhook_events') p ON p.relid = s.relid) AS event_updates`);
  return {
    updates: Number(rows[0].updates),
    dueIndexScans: Number(rows[0].due_scans),
    eventUpdates: Number(rows[0].event_updates),
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
    eventUpdates: after.eventUpdates - before.eventUpdates,
  };
}

const due = new Date(Date.UTC(2000, 0, 1));

/** The webhook delivery queue's statements on PostgreSQL, as the planner runs them. */
describe('Webhook event queue on PostgreSQL', function () {
  this.timeout(60_000);
  let database: IsolatedDatabase;

  let parties: Awaited<ReturnType<typeof seedParties>>;
  let withdrawal: ReturnType<typeof buildWithdrawal>;
  let sequence = 0;
  const insert = async (count: number, state: Partial<WebhookEvent>) => {
    const events = Array.from({ length: count }, () => ({
      ...buildWebhookEvent(parties, withdrawal.id, ++sequence),
      ...state,
    }));
    await recordingUnitOfWork(database.knex).run(async (tx) => {
      for (const event of events) await tx.webhookEvents.insert(event);
    });
    return events;
  };

  before(async () => {
    database = await isolatedDatabase('webhook_event_queue', 2);
    const unitOfWork = recordingUnitOfWork(database.knex);
    parties = await seedParties(unitOfWork);
    withdrawal = buildWithdrawal(parties);
    await unitOfWork.run((tx) => tx.withdrawals.insert(withdrawal));
  });
  after(async () => {
    await database.drop();
  });

  it('leaves the event row as recorded: the claim, the outcome and the attempt write only its delivery (migration 0011)', async () => {
    const [event] = await insert(1, { nextAttemptAt: due });
    /** The event row's xmax: a new one would mean a lock (the attempts' foreign key once took one) or an update. */
    const eventXmax = async () =>
      (await database.knex.raw('SELECT xmax::text FROM webhook_events WHERE id = ?', [event!.id])).rows[0]
        .xmax;
    const xmaxAsInserted = await eventXmax();
    const leaseUntil = new Date(Date.now() + 60_000);
    const counts = await countsOf(database, 2, async (repository) => {
      const claimed = await repository.claimDue(new Date(), leaseUntil, 10);
      expect(claimed.map((each) => [each.id, each.body, each.nextAttemptAt])).to.deep.equal([
        [event!.id, event!.body, leaseUntil],
      ]);
      await repository.update(
        { ...claimed[0]!, deliveryState: 'DELIVERED', attempts: 1, nextAttemptAt: null },
        0,
      );
      await repository.recordAttempt({
        id: randomUUID(),
        eventId: event!.id,
        attempt: 1,
        attemptedAt: new Date(),
        statusCode: 200,
        latencyMs: 4,
        error: null,
        succeeded: true,
      });
    });
    expect(counts.updates, 'the claim and the outcome').to.equal(2);
    expect(counts.eventUpdates, 'the event row').to.equal(0);
    expect(await eventXmax(), 'the event row neither updated nor locked').to.equal(xmaxAsInserted);
  });

  it('records an outcome by the event’s id, not by scanning the due events, when statistics say few are due (migrations 0010, 0011)', async () => {
    // Statistics taken when every event had been delivered, then a backlog: what a stalled endpoint leaves.
    await insert(200, { deliveryState: 'DELIVERED', attempts: 1, nextAttemptAt: null, deliveredAt: due });
    await database.knex.raw('ANALYZE webhook_deliveries');
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
