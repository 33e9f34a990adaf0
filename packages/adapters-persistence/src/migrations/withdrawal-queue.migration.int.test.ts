import { randomUUID } from 'node:crypto';
import { seedParties } from '@payout/domain/testing';
import { expect } from 'chai';
import { migrateLatest } from './migrate.js';
import { migrateDownBefore, migratedScratchDatabase, seedingUnitOfWork } from './migration-steps.fixture.js';

describe('migration 0006 on a database with withdrawals in flight', () => {
  const database = migratedScratchDatabase('withdrawal_queue');

  it('schedules a check now for every withdrawal whose next step was a pg-boss job, and none for the final', async () => {
    const db = database();
    // Back to 0005: no next_check_at column, as before the upgrade.
    await migrateDownBefore(db.knex, '0006-withdrawal-queue');
    const unitOfWork = seedingUnitOfWork(db.knex);
    const parties = await seedParties(unitOfWork);
    const insert = async (status: string, debited: boolean, failure: string | null, ageDays: number) => {
      const id = randomUUID();
      await db.knex.raw(
        `INSERT INTO withdrawals (id, merchant_id, entity_id, linked_account_id, wallet_id, flow, rail, currency,
           amount, fees, total, status, failure_reason, sequence, requested_by, debited, reversed,
           submit_attempts, created_at, updated_at)
         VALUES (?, ?, ?, ?, ?, 'PAYOUT', 'ACH', 'USD', 10, 0.25, 10.25, ?, ?, 1, 'x', ?, ?, 1,
                 now() - make_interval(days => ?), now() - make_interval(days => ?))`,
        [
          id,
          parties.merchant.id,
          parties.entity.id,
          parties.account.id,
          parties.wallet.id,
          status,
          failure,
          debited,
          status === 'FAILED' && debited,
          ageDays,
          ageDays,
        ],
      );
      return id;
    };
    const pending = await insert('PENDING', true, null, 0);
    const processing = await insert('PROCESSING_PAY_OUT', true, null, 1);
    const settledLately = await insert('SUCCESS', true, null, 2);
    const settledLongAgo = await insert('SUCCESS', true, null, 90);
    const failed = await insert('FAILED', true, 'Payment was cancelled.', 0);
    const awaiting = await insert('AWAITING_APPROVAL', false, null, 0);

    await migrateLatest(db.knex);

    const rows: Array<{ id: string; scheduled: boolean }> = await db
      .knex('withdrawals')
      .select('id', db.knex.raw('next_check_at IS NOT NULL AS scheduled'));
    const scheduled = rows.filter((row) => row.scheduled).map((row) => row.id);
    expect(scheduled).to.have.members([pending, processing, settledLately]);
    expect(scheduled).to.not.include.members([settledLongAgo, failed, awaiting]);
  });
});
