import { debitWallet, Money, recordSubmitAttempt, type Withdrawal } from '@payout/domain';
import { at, buildWithdrawal, seedParties } from '@payout/domain/testing';
import { expect } from 'chai';
import { knexContractSubject } from '../testing/knex-contract-subject.js';
import { testDatabase } from '../testing/test-database.js';

describe('KnexUnitOfWork on PostgreSQL: rows a process knows, changed by another process', () => {
  it('debits the wallet as stored when another process debited it after this one read it', async () => {
    const { unitOfWork: here, anotherProcess } = await knexContractSubject();
    const parties = await seedParties(here, '100.00');
    // This process reads the account with its owners (the wallet at 100.00 comes with them)...
    expect(await here.read.linkedAccounts.findWithOwners(parties.account.id, parties.entity.id)).to.not.equal(
      null,
    );
    // ...another debits 30.00 meanwhile...
    const there = anotherProcess();
    await there.run(async (tx) => {
      const wallet = await tx.wallets.lockById(parties.wallet.id);
      const debited = debitWallet(wallet!, Money.of('30.00'));
      if (!debited.ok) throw new Error(debited.error.message);
      await tx.wallets.update(debited.value);
    });
    // ...then this one debits 50.00, deciding on the wallet it locks.
    const seen: string[] = [];
    await here.run(async (tx) => {
      const wallet = await tx.wallets.lockById(parties.wallet.id);
      seen.push(wallet!.balance.toString());
      const debited = debitWallet(wallet!, Money.of('50.00'));
      if (!debited.ok) throw new Error(debited.error.message);
      await tx.wallets.update(debited.value);
    });
    expect(seen, 'decided on the known 100.00, then again on the stored 70.00').to.deep.equal([
      '100.00',
      '70.00',
    ]);
    expect((await here.read.wallets.findById(parties.wallet.id))?.balance.toString()).to.equal('20.00');
  });

  it('moves the withdrawal as stored when another process moved it after this one committed it', async () => {
    const { unitOfWork: here, anotherProcess } = await knexContractSubject();
    const created = buildWithdrawal(await seedParties(here));
    await here.run((tx) => tx.withdrawals.insert(created));
    // Another process records a submission attempt: no status change, so the sequence alone would not tell.
    await anotherProcess().run(async (tx) => {
      const stored = await tx.withdrawals.lockById(created.id);
      await tx.withdrawals.update(recordSubmitAttempt(stored!, 5, at(1)), stored!.sequence);
    });
    const seen: number[] = [];
    const bump = async (w: Withdrawal | null) => {
      if (!w) throw new Error('withdrawal vanished');
      seen.push(w.submitAttempts);
      return recordSubmitAttempt(w, w.submitAttempts + 1, at(2));
    };
    await here.run(async (tx) => {
      const current = await tx.withdrawals.lockById(created.id);
      await tx.withdrawals.update(await bump(current), current!.sequence);
    });
    expect(seen, 'the known one, then the stored one').to.deep.equal([created.submitAttempts, 5]);
    expect((await here.read.withdrawals.findById(created.id))?.submitAttempts).to.equal(6);
  });

  it('decides again on a known withdrawal when any column a write can change changed, not its sequence alone', async () => {
    const { unitOfWork: here } = await knexContractSubject();
    const { knex } = await testDatabase();
    const created = buildWithdrawal(await seedParties(here));
    await here.run((tx) => tx.withdrawals.insert(created));
    // Written by another hand, with no status change, no attempt, no reference and no schedule of its own.
    await knex('withdrawals').where({ id: created.id }).update({ rail_provider: 'another-provider' });
    const seen: Array<string | null> = [];
    await here.run(async (tx) => {
      const current = await tx.withdrawals.lockById(created.id);
      seen.push(current!.railProvider);
      await tx.withdrawals.update(recordSubmitAttempt(current!, 1, at(4)), current!.sequence);
    });
    expect(seen, 'the known one, then the stored one').to.deep.equal([null, 'another-provider']);
    expect((await here.read.withdrawals.findById(created.id))?.railProvider).to.equal('another-provider');
  });

  it('locks a known row that is unchanged without reading it again, and lands the write', async () => {
    const { unitOfWork: here } = await knexContractSubject();
    const created = buildWithdrawal(await seedParties(here));
    await here.run((tx) => tx.withdrawals.insert(created));
    let runs = 0;
    await here.run(async (tx) => {
      runs += 1;
      const current = await tx.withdrawals.lockById(created.id);
      expect(current, 'the withdrawal as this process committed it').to.equal(created);
      await tx.withdrawals.update(recordSubmitAttempt(current!, 1, at(3)), current!.sequence);
    });
    expect(runs).to.equal(1);
    expect((await here.read.withdrawals.findById(created.id))?.submitAttempts).to.equal(1);
  });
});
