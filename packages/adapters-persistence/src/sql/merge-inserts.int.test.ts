import { buildWithdrawal, seedParties } from '@payout/domain/testing';
import { expect } from 'chai';
import { knexContractSubject } from '../testing/knex-contract-subject.js';
import { statementsOf } from '../testing/statements-sent.js';

describe('mergeInserts on PostgreSQL, through the unit of work', () => {
  it('stores a transaction’s withdrawals and their history sent as one insert per table, parents first', async () => {
    const { unitOfWork } = await knexContractSubject();
    const parties = await seedParties(unitOfWork);
    const withdrawals = [
      buildWithdrawal(parties),
      buildWithdrawal(parties, '20.00'),
      buildWithdrawal(parties),
    ];
    const sent = await statementsOf(() =>
      unitOfWork.run(async (tx) => {
        for (const withdrawal of withdrawals) await tx.withdrawals.insert(withdrawal);
      }),
    );
    // BEGIN, one insert per table, COMMIT: not one insert per row.
    expect(sent, 'statements sent').to.have.length(4);
    for (const withdrawal of withdrawals) {
      const stored = await unitOfWork.read.withdrawals.findById(withdrawal.id);
      expect(stored?.total.toString()).to.equal(withdrawal.total.toString());
      expect(stored?.history.map((change) => change.status)).to.deep.equal(['PENDING']);
    }
  });

  it('rolls back every member when one member’s row collides, and reports the collision', async () => {
    const { unitOfWork } = await knexContractSubject();
    const parties = await seedParties(unitOfWork);
    const stored = buildWithdrawal(parties);
    await unitOfWork.run((tx) => tx.withdrawals.insert(stored));
    const fresh = buildWithdrawal(parties);
    const failure = await unitOfWork
      .run(async (tx) => {
        await tx.withdrawals.insert(fresh);
        await tx.withdrawals.insert(stored);
      })
      .then(
        () => null,
        (error: unknown) => error,
      );
    expect(String(failure)).to.match(/withdrawals_pkey/);
    expect(await unitOfWork.read.withdrawals.findById(fresh.id)).to.equal(null);
  });
});
