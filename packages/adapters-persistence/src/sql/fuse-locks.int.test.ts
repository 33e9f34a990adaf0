import { checkAt, markSubmitted, recordSubmitAttempt } from '@payout/domain';
import { at, buildWithdrawal, comparableWithdrawal, seedParties } from '@payout/domain/testing';
import { expect } from 'chai';
import { knexContractSubject } from '../testing/knex-contract-subject.js';
import { statementsOf } from '../testing/statements-sent.js';

describe('fuseLocks on PostgreSQL, through the unit of work', () => {
  it("writes a group of withdrawals, each locked if unchanged then updated, with one UPDATE and no lock's SELECT", async () => {
    const { unitOfWork } = await knexContractSubject();
    const parties = await seedParties(unitOfWork);
    // NULL and non-NULL in both null-safe columns: each must still match its own row.
    const stored = [
      buildWithdrawal(parties),
      checkAt(markSubmitted(buildWithdrawal(parties), 'ref-1', at(0)), at(5)),
      checkAt(buildWithdrawal(parties), at(7)),
    ];
    await unitOfWork.run(async (tx) => {
      for (const withdrawal of stored) await tx.withdrawals.insert(withdrawal);
    });
    const written = stored.map((read, n) => recordSubmitAttempt(read, read.submitAttempts + 1, at(10 + n)));
    const sent = await statementsOf(() =>
      unitOfWork.run(async (tx) => {
        for (const [n, read] of stored.entries()) {
          await tx.withdrawals.lockIfUnchanged(read);
          await tx.withdrawals.update(written[n]!, read.sequence);
        }
      }),
    );
    expect(
      sent.filter((text) => /FOR UPDATE/.test(text)),
      'no separate lock',
    ).to.deep.equal([]);
    const updates = sent.filter((text) => /\bUPDATE "withdrawals"/.test(text));
    expect(updates, 'one statement for the three').to.have.length(1);
    for (const withdrawal of written)
      expect(comparableWithdrawal(await unitOfWork.read.withdrawals.findById(withdrawal.id))).to.deep.equal(
        comparableWithdrawal(withdrawal),
      );
  });
});
