import { expect } from 'chai';
import { Money } from '../money/money.js';
import type { TransactionScope } from '../ports/unit-of-work.port.js';
import { creditWallet } from '../wallet/wallet.js';
import { buildParties, seedParties } from './contracts/contract-fixtures.js';
import { InMemoryUnitOfWork } from './in-memory-unit-of-work.js';
import { ScriptedRail } from './scripted-rail.js';

/** Credits the wallet 1.00 and enqueues a job, as any unit that writes and enqueues does. */
const creditOne = (walletId: string) => async (tx: TransactionScope) => {
  const wallet = await tx.wallets.lockById(walletId);
  if (!wallet) throw new Error('wallet vanished');
  const credited = creditWallet(wallet, Money.of('1.00'));
  await tx.wallets.update(credited);
  await tx.jobs.enqueue({ name: 'withdrawal.expire-approval', withdrawalId: walletId });
  return credited.balance.toString();
};

const balanceOf = async (uow: InMemoryUnitOfWork, walletId: string) =>
  (await uow.read.wallets.findById(walletId))?.balance.toString();

describe('InMemoryUnitOfWork reruns', () => {
  it('runs every unit twice by default, keeping only the last run’s writes, jobs and result', async () => {
    const uow = new InMemoryUnitOfWork();
    const { wallet } = await seedParties(uow);
    const before = uow.runs;
    expect(await uow.run(creditOne(wallet.id))).to.equal('1.00');
    expect(await balanceOf(uow, wallet.id), 'credited once').to.equal('1.00');
    expect(uow.takeJobs()).to.have.length(1);
    expect(uow.runs.units - before.units).to.equal(1);
    expect(uow.runs.runs - before.runs, 'its work ran twice').to.equal(2);
  });

  it('throws the first run away whether it resolved or threw: the last run’s outcome stands', async () => {
    const uow = new InMemoryUnitOfWork();
    const { merchant, merchantWallet } = buildParties();
    let runs = 0;
    const stored = await uow.run(async (tx) => {
      runs += 1;
      await tx.merchants.save(merchant);
      if (runs === 1) throw new Error('a first run the store rolled back');
      await tx.wallets.insert(merchantWallet);
      return 'stored';
    });
    expect(stored).to.equal('stored');
    expect(await uow.read.wallets.findById(merchantWallet.id)).to.deep.equal(merchantWallet);
    runs = 0;
    const failure = await uow
      .run(async () => {
        runs += 1;
        if (runs === 2) throw new Error('the last run failed');
        return 'first';
      })
      .catch((error: Error) => error.message);
    expect(failure).to.equal('the last run failed');
  });

  it('on demand, runs a unit once unless a rerun was asked for, then as many times as asked', async () => {
    const uow = new InMemoryUnitOfWork('on-demand');
    const { wallet } = await seedParties(uow);
    const before = uow.runs.runs;
    await uow.run(creditOne(wallet.id));
    expect(uow.runs.runs - before).to.equal(1);
    uow.rerunNext(2);
    expect(await uow.run(creditOne(wallet.id))).to.equal('2.00');
    expect(uow.runs.runs - before, 'the asked-for unit ran three times').to.equal(4);
    await uow.run(creditOne(wallet.id));
    expect(uow.runs.runs - before, 'the next one once again').to.equal(5);
    expect(await balanceOf(uow, wallet.id)).to.equal('3.00');
    expect(uow.takeJobs()).to.have.length(3);
  });

  it('shows a unit that calls a rail inside its work: each rerun calls it again', async () => {
    // What a use case that is not safe to rerun looks like here: a test counting the rail's submissions fails.
    const uow = new InMemoryUnitOfWork();
    const rail = new ScriptedRail('ACH');
    const { wallet } = await seedParties(uow);
    await uow.run(async (tx) => {
      await rail.submit({
        withdrawalId: wallet.id,
        attempt: 1,
        requestedAt: new Date(0),
        amount: Money.of('1.00'),
        currency: 'USD',
        destination: { kind: 'bank', details: {} },
        description: 'inside the transaction',
      });
      return creditOne(wallet.id)(tx);
    });
    expect(rail.submissions, 'paid twice for one unit').to.have.length(2);
    expect(await balanceOf(uow, wallet.id), 'while the store saw it once').to.equal('1.00');
  });
});
