import { buildWebhookEvent, buildWithdrawal, seedParties } from '@payout/domain/testing';
import { expect } from 'chai';
import { isolatedDatabase } from '../ledger/isolated-database.fixture.js';
import { KnexWebhookEventRepository } from '../repositories/knex-webhook-event.repository.js';
import { recordingUnitOfWork } from '../testing/knex-contract-subject.js';
import { createKnex } from './knex-pool.js';
import { immediateWriter } from './sql-write.js';

const LONG_AGO = Date.UTC(2000, 0, 1);
const dayAfter = (days: number) => new Date(LONG_AGO + days * 86_400_000);

describe('limitedRead on PostgreSQL', () => {
  it('lets a connection keep one generic plan for a queue claim once it has run it five times', async () => {
    // A database of its own: whether the planner keeps the generic plan depends on the table's statistics, which
    // other suites' events (due at other times, some delivered with a due time left) would move.
    const database = await isolatedDatabase('limited_read', 2);
    const unitOfWork = recordingUnitOfWork(database.knex);
    const parties = await seedParties(unitOfWork);
    const withdrawal = buildWithdrawal(parties);
    // A backlog of forty events due long ago.
    const events = Array.from({ length: 40 }, (_, n) => ({
      ...buildWebhookEvent(parties, withdrawal.id, n + 1),
      nextAttemptAt: new Date(LONG_AGO + n),
    }));
    await unitOfWork.run(async (tx) => {
      await tx.withdrawals.insert(withdrawal);
      for (const event of events) await tx.webhookEvents.insert(event);
    });
    const oneConnection = createKnex(database.url, 1, 600_000);
    try {
      await oneConnection.raw('ANALYZE webhook_events, webhook_deliveries');
      const claims = new KnexWebhookEventRepository(oneConnection, immediateWriter(oneConnection));
      for (let call = 0; call < 7; call += 1) {
        // Leased until a time still past: the same backlog is due again for the next call.
        const claimed = await claims.claimDue(dayAfter(30), dayAfter(1), 8);
        expect(claimed).to.have.length(8);
      }
      const { rows } = await oneConnection.raw(
        `SELECT generic_plans, custom_plans FROM pg_prepared_statements WHERE name = 'webhook_events_claim_due_8'`,
      );
      expect(rows, 'one prepared statement for the limit').to.have.length(1);
      expect(Number(rows[0].custom_plans), 'planned for the first five calls').to.equal(5);
      expect(Number(rows[0].generic_plans), 'then the kept generic plan').to.equal(2);
    } finally {
      await oneConnection.destroy();
      await database.drop();
    }
  });
});
