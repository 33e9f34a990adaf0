import { expect } from 'chai';
import { withdrawalDebitEntry } from '../../ledger/ledger-entry.js';
import { Money } from '../../money/money.js';
import type { Job } from '../../ports/job-queue.port.js';
import { debitWallet } from '../../wallet/wallet.js';
import { at, buildParties, buildWithdrawal, seedParties } from './contract-fixtures.js';
import { type CommittedJob, type ContractFactory, contractIds, rejectionOf } from './contract-subject.js';

const jobsNaming = (jobs: readonly CommittedJob[], withdrawalId: string): Job[] =>
  jobs.map((j) => j.job).filter((job) => 'withdrawalId' in job && job.withdrawalId === withdrawalId);

export function unitOfWorkContract(factory: ContractFactory): void {
  describe('UnitOfWork contract', () => {
    it('commits writes and jobs together and returns what the work returned', async () => {
      const subject = await factory();
      const marker = contractIds.next();
      const parties = buildParties();
      const answer = await subject.unitOfWork.run(async (tx) => {
        await tx.merchants.save(parties.merchant);
        await tx.wallets.insert(parties.merchantWallet);
        await tx.jobs.enqueue(
          { name: 'withdrawal.expire-approval', withdrawalId: marker },
          { startAfter: at(60_000) },
        );
        return 'done';
      });
      expect(answer).to.equal('done');
      expect(await subject.unitOfWork.read.merchants.findById(parties.merchant.id)).to.not.equal(null);
      const committed = (await subject.committedJobs()).filter((j) => jobsNaming([j], marker).length > 0);
      expect(committed.map((j) => [j.job, j.startAfter?.toISOString()])).to.deep.equal([
        [{ name: 'withdrawal.expire-approval', withdrawalId: marker }, at(60_000).toISOString()],
      ]);
    });

    it('rolls back every write and every job when the work throws', async () => {
      const subject = await factory();
      const marker = contractIds.next();
      const parties = buildParties();
      const failure = new Error('work failed');
      const error = await rejectionOf(
        subject.unitOfWork.run(async (tx) => {
          await tx.merchants.save(parties.merchant);
          await tx.wallets.insert(parties.merchantWallet);
          await tx.jobs.enqueue({ name: 'withdrawal.expire-approval', withdrawalId: marker });
          throw failure;
        }),
      );
      expect(error).to.equal(failure);
      expect(await subject.unitOfWork.read.merchants.findById(parties.merchant.id)).to.equal(null);
      expect(await subject.unitOfWork.read.wallets.findById(parties.merchantWallet.id)).to.equal(null);
      expect(jobsNaming(await subject.committedJobs(), marker)).to.deep.equal([]);
    });

    it('rolls back the earlier writes of a unit of work whose storage refuses a later one', async () => {
      const subject = await factory();
      const parties = await seedParties(subject.unitOfWork, '1.00');
      const marker = contractIds.next();
      await rejectionOf(
        subject.unitOfWork.run(async (tx) => {
          const wallet = await tx.wallets.lockById(parties.wallet.id);
          if (wallet) await tx.wallets.update({ ...wallet, disabled: true });
          await tx.jobs.enqueue({ name: 'withdrawal.expire-approval', withdrawalId: marker });
          await tx.entities.insert(parties.entity);
        }),
      );
      expect((await subject.unitOfWork.read.wallets.findById(parties.wallet.id))?.disabled).to.equal(false);
      expect(jobsNaming(await subject.committedJobs(), marker)).to.deep.equal([]);
    });

    it('lets the work read its own writes before it commits, and commits them once', async () => {
      const subject = await factory();
      const parties = await seedParties(subject.unitOfWork, '100.00');
      const withdrawal = buildWithdrawal(parties, '40.00');
      const seen = await subject.unitOfWork.run(async (tx) => {
        const wallet = await tx.wallets.lockById(parties.wallet.id);
        if (!wallet) throw new Error('seeded wallet is missing');
        const debited = debitWallet(wallet, withdrawal.total);
        if (!debited.ok) throw new Error(debited.error.message);
        await tx.wallets.update(debited.value);
        await tx.withdrawals.insert(withdrawal);
        await tx.ledger.append(withdrawalDebitEntry(contractIds.next(), withdrawal, at(1)));
        return {
          balance: (await tx.wallets.lockById(parties.wallet.id))?.balance.toString(),
          status: (await tx.withdrawals.findById(withdrawal.id))?.status,
          kinds: (await tx.ledger.entriesForWallet(parties.wallet.id)).map((entry) => entry.kind),
        };
      });
      const expectedBalance = Money.of('100.00').minus(withdrawal.total).toString();
      expect(seen).to.deep.equal({
        balance: expectedBalance,
        status: 'PENDING',
        kinds: ['WITHDRAWAL_DEBIT'],
      });
      const read = subject.unitOfWork.read;
      expect((await read.wallets.findById(parties.wallet.id))?.balance.toString()).to.equal(expectedBalance);
      expect(await read.withdrawals.history(withdrawal.id)).to.have.length(1);
      expect(await read.ledger.entriesForWallet(parties.wallet.id)).to.have.length(1);
    });
  });
}
