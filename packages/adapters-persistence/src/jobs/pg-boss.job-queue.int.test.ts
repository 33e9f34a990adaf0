import { randomBytes } from 'node:crypto';
import { expect } from 'chai';
import type { PgBoss } from 'pg-boss';
import { AesGcmFieldCipher } from '../crypto/aes-gcm-field-cipher.js';
import { type TestDatabase, testDatabase } from '../testing/test-database.js';
import { KnexUnitOfWork } from '../unit-of-work/knex-unit-of-work.js';
import { FAST_JOB_QUEUE_SETTINGS } from './job-queue.settings.js';
import { createPgBoss, ensureQueues } from './pg-boss.factory.js';
import { PgBossJobs } from './pg-boss.job-queue.js';
import { PgBossWorkerRunner } from './pg-boss.worker-runner.js';

describe('pg-boss jobs enqueued by a unit of work on PostgreSQL', () => {
  let db: TestDatabase;
  let boss: PgBoss;
  let unitOfWork: KnexUnitOfWork;
  const backgroundErrors: Error[] = [];
  const queued = async (withdrawalId: string) =>
    boss.findJobs<Record<string, unknown>>('withdrawal.expire-approval', { data: { withdrawalId } });

  before(async () => {
    db = await testDatabase();
    boss = await createPgBoss({
      knex: db.knex,
      schema: 'pgboss_job_queue',
      settings: FAST_JOB_QUEUE_SETTINGS,
      onError: (error) => backgroundErrors.push(error),
    });
    await ensureQueues(boss, FAST_JOB_QUEUE_SETTINGS);
    unitOfWork = new KnexUnitOfWork({
      knex: db.knex,
      jobs: new PgBossJobs(boss),
      cipher: new AesGcmFieldCipher(randomBytes(32)),
    });
  });
  after(async () => {
    await boss.stop({ graceful: false });
    expect(backgroundErrors.map(String)).to.deep.equal([]);
  });

  it('makes jobs visible to other connections only when the transaction commits, data intact', async () => {
    const startAfter = new Date(Date.now() + 3_600_000);
    const awkward = "w-it's ? $1 \\ commit";
    await unitOfWork.run(async (tx) => {
      await tx.jobs.enqueue({ name: 'withdrawal.expire-approval', withdrawalId: 'w-commit' }, { startAfter });
      await tx.jobs.enqueue({ name: 'withdrawal.expire-approval', withdrawalId: awkward });
      expect(await queued('w-commit')).to.have.length(0);
    });
    const [job, ...others] = await queued('w-commit');
    expect(others).to.have.length(0);
    expect(job.data).to.deep.equal({ name: 'withdrawal.expire-approval', withdrawalId: 'w-commit' });
    expect(job.startAfter.getTime()).to.equal(startAfter.getTime());
    const [second] = await queued(awkward);
    expect(second?.data).to.deep.equal({ name: 'withdrawal.expire-approval', withdrawalId: awkward });
  });

  it('leaves no job behind when its transaction rolls back', async () => {
    const failure = new Error('the state change failed');
    const rolledBack = unitOfWork.run(async (tx) => {
      await tx.jobs.enqueue({ name: 'withdrawal.expire-approval', withdrawalId: 'w-rollback' });
      await tx.entities.findById('00000000-0000-4000-8000-000000000000');
      throw failure;
    });
    await rolledBack.then(
      () => expect.fail('the transaction should have rolled back'),
      (error: unknown) => expect(error).to.equal(failure),
    );
    expect(await queued('w-rollback')).to.have.length(0);
  });

  it('gives every queue the configured retry and heartbeat policy', async () => {
    const queues = await boss.getQueues(['withdrawal.expire-approval']);
    expect(queues).to.have.length(1);
    for (const queue of queues) {
      expect(queue).to.deep.include({
        retryLimit: FAST_JOB_QUEUE_SETTINGS.retryLimit,
        retryBackoff: true,
        heartbeatSeconds: FAST_JOB_QUEUE_SETTINGS.heartbeatSeconds,
      });
    }
  });

  it('runs a job sent in a committed transaction and never one sent in a rolled-back one', async () => {
    const ran: string[] = [];
    let committedRan = () => {};
    const done = new Promise<void>((resolve) => {
      committedRan = resolve;
    });
    const runner = new PgBossWorkerRunner({
      boss,
      concurrency: 1,
      pollingIntervalSeconds: 0.5,
      handlers: {
        'withdrawal.expire-approval': async ({ withdrawalId }) => {
          ran.push(withdrawalId);
          if (withdrawalId === 'w-runs') committedRan();
        },
      },
    });
    // Sent first, so a worker would meet it before the committed one if it existed.
    await unitOfWork
      .run(async (tx) => {
        await tx.jobs.enqueue({ name: 'withdrawal.expire-approval', withdrawalId: 'w-never' });
        throw new Error('the state change failed');
      })
      .catch(() => undefined);
    await unitOfWork.run((tx) =>
      tx.jobs.enqueue({ name: 'withdrawal.expire-approval', withdrawalId: 'w-runs' }),
    );
    await runner.start();
    try {
      await done;
    } finally {
      await runner.stop();
    }
    expect(ran).to.include('w-runs').and.not.include('w-never');
    expect(await queued('w-never')).to.have.length(0);
  });
});
