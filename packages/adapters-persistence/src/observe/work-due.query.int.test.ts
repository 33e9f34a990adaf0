import { checkAt, UNRESOLVED_SUBMIT_ATTEMPTS, type Withdrawal } from '@payout/domain';
import { buildWithdrawal, seedParties } from '@payout/domain/testing';
import { expect } from 'chai';
import { type IsolatedDatabase, isolatedDatabase } from '../ledger/isolated-database.fixture.js';
import { recordingUnitOfWork } from '../testing/knex-contract-subject.js';
import { createRecordedJobsTable } from '../testing/recording-job-queue.js';
import { readUnresolvedSubmissions } from './work-due.query.js';

describe('readUnresolvedSubmissions on PostgreSQL', function () {
  this.timeout(30_000);
  let db: IsolatedDatabase;

  before(async () => {
    db = await isolatedDatabase('unresolved_submissions');
    await createRecordedJobsTable(db.knex);
  });
  after(() => db.drop());

  it('counts by rail the debited withdrawals no rail accepted after the unresolved number of attempts', async () => {
    const unitOfWork = recordingUnitOfWork(db.knex);
    const parties = await seedParties(unitOfWork, '1000.00');
    const awaiting = (attempts: number, changes: Partial<Withdrawal> = {}): Withdrawal => ({
      ...checkAt(buildWithdrawal(parties), new Date()),
      debited: true,
      submitAttempts: attempts,
      ...changes,
    });
    const rows = [
      awaiting(UNRESOLVED_SUBMIT_ATTEMPTS),
      awaiting(UNRESOLVED_SUBMIT_ATTEMPTS + 40),
      awaiting(UNRESOLVED_SUBMIT_ATTEMPTS, { rail: 'RTP' }),
      // Not counted: fewer attempts, accepted by a rail, not debited (held for approval), or ended.
      awaiting(UNRESOLVED_SUBMIT_ATTEMPTS - 1),
      awaiting(UNRESOLVED_SUBMIT_ATTEMPTS, { railReference: 'ach_1' }),
      awaiting(UNRESOLVED_SUBMIT_ATTEMPTS, { debited: false }),
      awaiting(UNRESOLVED_SUBMIT_ATTEMPTS, { status: 'PROCESSING_PAY_OUT', railReference: 'ach_2' }),
    ];
    await unitOfWork.run(async (tx) => {
      for (const withdrawal of rows) await tx.withdrawals.insert(withdrawal);
    });
    expect(await readUnresolvedSubmissions(db.knex)).to.deep.equal([
      { rail: 'ACH', count: 2 },
      { rail: 'RTP', count: 1 },
    ]);
  });
});
