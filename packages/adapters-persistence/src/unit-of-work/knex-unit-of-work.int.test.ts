import { creditWallet, Money, type TransactionScope } from '@payout/domain';
import { seedParties } from '@payout/domain/testing';
import { expect } from 'chai';
import { knexContractSubject } from '../testing/knex-contract-subject.js';

describe('KnexUnitOfWork on PostgreSQL', () => {
  it('runs again a transaction PostgreSQL aborted to break a deadlock, so both sides land', async () => {
    const { unitOfWork } = await knexContractSubject();
    const first = await seedParties(unitOfWork);
    const second = await seedParties(unitOfWork);
    let arrived = 0;
    let release: () => void = () => undefined;
    const bothHoldTheirFirstLock = new Promise<void>((resolve) => {
      release = resolve;
    });
    let runs = 0;
    // Each locks one wallet, waits until the other holds its own, then locks the other's: a deadlock.
    const crossed = (mine: string, theirs: string) => async (tx: TransactionScope) => {
      runs += 1;
      const held = await tx.wallets.lockById(mine);
      arrived += 1;
      if (arrived === 2) release();
      await bothHoldTheirFirstLock;
      const other = await tx.wallets.lockById(theirs);
      if (!held || !other) throw new Error('wallet vanished');
      await tx.wallets.update(creditWallet(other, Money.of('1.00')));
    };
    await Promise.all([
      unitOfWork.run(crossed(first.wallet.id, second.wallet.id)),
      unitOfWork.run(crossed(second.wallet.id, first.wallet.id)),
    ]);
    // Without the rerun, the aborted side rejects Promise.all. A busy machine can make PostgreSQL's deadlock check
    // see the cycle again on the rerun, so a side may run more than twice; both still land exactly once.
    expect(runs, 'a side was aborted and ran again').to.be.at.least(3);
    for (const wallet of [first.wallet, second.wallet])
      expect((await unitOfWork.read.wallets.findById(wallet.id))?.balance.toString()).to.equal('1.00');
  });
});
