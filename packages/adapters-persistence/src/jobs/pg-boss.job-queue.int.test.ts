import { expect } from 'chai';
import type { PgBoss } from 'pg-boss';
import { type TestDatabase, testDatabase } from '../testing/test-database.js';
import { FAST_JOB_QUEUE_SETTINGS } from './job-queue.settings.js';
import { createPgBoss, ensureQueues } from './pg-boss.factory.js';
import { pgBossJobsFor } from './pg-boss.job-queue.js';

describe('PgBossJobQueue on PostgreSQL', () => {
  let db: TestDatabase;
  let boss: PgBoss;
  const backgroundErrors: Error[] = [];
  const queued = async (withdrawalId: string) =>
    boss.findJobs<Record<string, unknown>>('withdrawal.poll', { data: { withdrawalId } });

  before(async () => {
    db = await testDatabase();
    boss = await createPgBoss({
      knex: db.knex,
      schema: 'pgboss_job_queue',
      settings: FAST_JOB_QUEUE_SETTINGS,
      onError: (error) => backgroundErrors.push(error),
    });
    await ensureQueues(boss, FAST_JOB_QUEUE_SETTINGS);
  });
  after(async () => {
    await boss.stop({ graceful: false });
    expect(backgroundErrors.map(String)).to.deep.equal([]);
  });

  it('makes a job visible to other connections only when its transaction commits', async () => {
    const startAfter = new Date(Date.now() + 3_600_000);
    await db.knex.transaction(async (trx) => {
      await pgBossJobsFor(boss)(trx).enqueue(
        { name: 'withdrawal.poll', withdrawalId: 'w-commit' },
        { startAfter },
      );
      expect(await queued('w-commit')).to.have.length(0);
    });
    const [job, ...others] = await queued('w-commit');
    expect(others).to.have.length(0);
    expect(job.data).to.deep.include({ name: 'withdrawal.poll', withdrawalId: 'w-commit' });
    expect(job.startAfter.getTime()).to.equal(startAfter.getTime());
  });

  it('leaves no job behind when its transaction rolls back', async () => {
    const failure = new Error('the state change failed');
    const rolledBack = db.knex.transaction(async (trx) => {
      await pgBossJobsFor(boss)(trx).enqueue({ name: 'withdrawal.poll', withdrawalId: 'w-rollback' });
      throw failure;
    });
    await rolledBack.then(
      () => expect.fail('the transaction should have rolled back'),
      (error: unknown) => expect(error).to.equal(failure),
    );
    expect(await queued('w-rollback')).to.have.length(0);
  });

  it('gives every queue the configured retry and heartbeat policy', async () => {
    const queues = await boss.getQueues(['withdrawal.submit', 'webhook.deliver']);
    expect(queues).to.have.length(2);
    for (const queue of queues) {
      expect(queue).to.deep.include({
        retryLimit: FAST_JOB_QUEUE_SETTINGS.retryLimit,
        retryBackoff: true,
        heartbeatSeconds: FAST_JOB_QUEUE_SETTINGS.heartbeatSeconds,
      });
    }
  });
});
