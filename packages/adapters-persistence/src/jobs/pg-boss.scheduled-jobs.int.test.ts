import { expect } from 'chai';
import { type PgBoss, TestClock } from 'pg-boss';
import { type TestDatabase, testDatabase } from '../testing/test-database.js';
import { DEFAULT_JOB_QUEUE_SETTINGS } from './job-queue.settings.js';
import { createPgBoss, ensureQueues } from './pg-boss.factory.js';
import { PgBossWorkerRunner, type ScheduledJob } from './pg-boss.worker-runner.js';

const NAME = 'ledger-verification';
const MINUTE_MS = 60_000;

/**
 * Scheduled jobs on pg-boss's cron schedules, on PostgreSQL, with pg-boss's TestClock moving time by hand: an
 * occurrence is run once by one of two worker processes, and a schedule set to none is removed.
 */
describe('PgBossWorkerRunner scheduled jobs on PostgreSQL', function () {
  this.timeout(60_000);
  let db: TestDatabase;
  const bosses: PgBoss[] = [];
  const runners: PgBossWorkerRunner[] = [];
  const backgroundErrors: Error[] = [];

  const startWorker = async (schema: string, clock: TestClock, job: ScheduledJob) => {
    const boss = await createPgBoss({
      connectionString: db.url,
      schema,
      settings: DEFAULT_JOB_QUEUE_SETTINGS,
      onError: (error) => backgroundErrors.push(error),
      schedule: true,
      clock,
    });
    bosses.push(boss);
    await ensureQueues(boss, DEFAULT_JOB_QUEUE_SETTINGS);
    const runner = new PgBossWorkerRunner({
      boss,
      handlers: { 'withdrawal.expire-approval': async () => undefined },
      concurrency: 1,
      scheduled: [job],
    });
    runners.push(runner);
    await runner.start();
    return boss;
  };

  before(async () => {
    db = await testDatabase();
  });
  afterEach(async () => {
    await Promise.all(runners.splice(0).map((runner) => runner.stop()));
    await Promise.all(bosses.splice(0).map((boss) => boss.stop({ graceful: false })));
    expect(backgroundErrors.splice(0).map(String)).to.deep.equal([]);
  });

  it('runs each occurrence once across two worker processes, at its time and not before', async () => {
    const clock = new TestClock('2026-03-02T03:28:00Z');
    const runs: string[] = [];
    let ran: () => void = () => {};
    const job = (worker: string): ScheduledJob => ({
      name: NAME,
      cron: '30 3 * * *',
      run: async () => {
        runs.push(worker);
        ran();
      },
    });
    await startWorker('pgboss_sched_pair', clock, job('first'));
    await startWorker('pgboss_sched_pair', clock, job('second'));

    await clock.tick(MINUTE_MS);
    expect(runs, 'before 03:30').to.deep.equal([]);
    const first = new Promise<void>((resolve) => {
      ran = resolve;
    });
    await clock.tick(3 * MINUTE_MS);
    await first;
    // Long enough for a second send, or the other worker's poll, to have run it again.
    await clock.tick(3 * MINUTE_MS);
    expect(runs).to.have.length(1);
  });

  it('removes the schedule when none is set', async () => {
    const clock = new TestClock('2026-03-02T03:20:00Z');
    const noop = async () => undefined;
    const boss = await startWorker('pgboss_sched_off', clock, { name: NAME, cron: '30 3 * * *', run: noop });
    expect((await boss.getSchedules(NAME)).map((s) => s.cron)).to.deep.equal(['30 3 * * *']);
    await runners.pop()?.stop();
    await new PgBossWorkerRunner({
      boss,
      handlers: { 'withdrawal.expire-approval': noop },
      concurrency: 1,
      scheduled: [{ name: NAME, cron: null, run: noop }],
    }).start();
    expect(await boss.getSchedules(NAME)).to.deep.equal([]);
  });
});
