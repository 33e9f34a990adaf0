import { creditWallet, Money, type TransactionScope } from '@payout/domain';
import { seedParties } from '@payout/domain/testing';
import { expect } from 'chai';
import { knexContractSubject, recordingUnitOfWork } from '../testing/knex-contract-subject.js';
import { testDatabase } from '../testing/test-database.js';

describe('KnexUnitOfWork on PostgreSQL', () => {
  it('runs again a transaction PostgreSQL aborted to break a deadlock, so both sides land', async () => {
    const { unitOfWork } = await knexContractSubject();
    // Two processes: one process's transactions handed in together would commit as one group, in turn.
    const otherProcess = recordingUnitOfWork((await testDatabase()).knex);
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
      otherProcess.run(crossed(second.wallet.id, first.wallet.id)),
    ]);
    // Without the rerun, the aborted side rejects Promise.all. A busy machine can make PostgreSQL's deadlock check
    // see the cycle again on the rerun, so a side may run more than twice; both still land exactly once.
    expect(runs, 'a side was aborted and ran again').to.be.at.least(3);
    for (const wallet of [first.wallet, second.wallet])
      expect((await unitOfWork.read.wallets.findById(wallet.id))?.balance.toString()).to.equal('1.00');
  });
});

describe('KnexUnitOfWork on PostgreSQL, transactions handed in together', () => {
  it("commits each caller's work once, and a failing one's not at all, whatever group they shared", async () => {
    const { unitOfWork } = await knexContractSubject();
    const parties = await Promise.all([1, 2, 3, 4].map(() => seedParties(unitOfWork)));
    const credit = (walletId: string, fail: boolean) => async (tx: TransactionScope) => {
      const wallet = await tx.wallets.lockById(walletId);
      if (!wallet) throw new Error('wallet vanished');
      await tx.wallets.update(creditWallet(wallet, Money.of('2.50')));
      if (fail) throw new Error('refused after writing');
      return walletId;
    };
    const outcomes = await Promise.allSettled(
      parties.map((party, index) => unitOfWork.run(credit(party.wallet.id, index === 1))),
    );
    expect(outcomes.map((o) => o.status)).to.deep.equal(['fulfilled', 'rejected', 'fulfilled', 'fulfilled']);
    const balances = await Promise.all(
      parties.map(async (party) =>
        (await unitOfWork.read.wallets.findById(party.wallet.id))?.balance.toString(),
      ),
    );
    expect(balances).to.deep.equal(['2.50', '0.00', '2.50', '2.50']);
  });
});
