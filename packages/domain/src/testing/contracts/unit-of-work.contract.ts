import { expect } from 'chai';
import type { Job } from '../../ports/job-queue.port.js';
import { at, buildParties, seedParties } from './contract-fixtures.js';
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
        await tx.jobs.enqueue({ name: 'withdrawal.poll', withdrawalId: marker }, { startAfter: at(60_000) });
        return 'done';
      });
      expect(answer).to.equal('done');
      expect(await subject.unitOfWork.read.merchants.findById(parties.merchant.id)).to.not.equal(null);
      const committed = (await subject.committedJobs()).filter((j) => jobsNaming([j], marker).length > 0);
      expect(committed.map((j) => [j.job, j.startAfter?.toISOString()])).to.deep.equal([
        [{ name: 'withdrawal.poll', withdrawalId: marker }, at(60_000).toISOString()],
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
          await tx.jobs.enqueue({ name: 'withdrawal.submit', withdrawalId: marker, attempt: 2 });
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
  });
}
