import type { Job } from '@payout/domain';
import { expect } from 'chai';
import { type PgBoss, TestClock } from 'pg-boss';
import { type TestDatabase, testDatabase } from '../testing/test-database.js';
import { DEFAULT_JOB_QUEUE_SETTINGS, FAST_JOB_QUEUE_SETTINGS } from './job-queue.settings.js';
import { createPgBoss, ensureQueues, type PgBossOptions } from './pg-boss.factory.js';
import { type JobHandlers, PgBossWorkerRunner, type ScheduledJob } from './pg-boss.worker-runner.js';

const settings = FAST_JOB_QUEUE_SETTINGS;
const everyJob = (handle: (job: Job) => Promise<void>): JobHandlers => ({
  'withdrawal.expire-approval': handle,
});
const idOf = (job: Job) => job.withdrawalId;

/** A promise the test resolves by hand, to hold a handler mid-job. */
function gate() {
  let open = () => {};
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { open, opened };
}

describe('PgBossWorkerRunner on PostgreSQL', function () {
  this.timeout(60_000);
  let db: TestDatabase;
  const bosses: PgBoss[] = [];
  const backgroundErrors: Error[] = [];
  const runners: PgBossWorkerRunner[] = [];

  /** A pg-boss of its own per call, like a separate worker process. */
  const startBoss = async (schema: string, options: Partial<PgBossOptions> = {}) => {
    const boss = await createPgBoss({
      connectionString: db.url,
      schema,
      settings,
      onError: (error) => backgroundErrors.push(error),
      ...options,
    });
    bosses.push(boss);
    return boss;
  };
  const startRunner = async (
    boss: PgBoss,
    handlers: JobHandlers,
    concurrency = 4,
    scheduled: readonly ScheduledJob[] = [],
  ) => {
    const runner = new PgBossWorkerRunner({
      boss,
      handlers,
      concurrency,
      pollingIntervalSeconds: 0.5,
      scheduled,
    });
    runners.push(runner);
    await runner.start();
    return runner;
  };
  const stateOf = async (boss: PgBoss, name: Job['name'], id: string) =>
    (await boss.findJobs(name, { id }))[0]?.state;

  before(async () => {
    db = await testDatabase();
  });
  afterEach(async () => {
    await Promise.all(runners.splice(0).map((runner) => runner.stop()));
    await Promise.all(bosses.splice(0).map((boss) => boss.stop({ graceful: false })));
    expect(backgroundErrors.splice(0).map(String)).to.deep.equal([]);
  });

  it('runs each job exactly once across two runner processes, never one job twice at a time', async () => {
    const [first, second] = await Promise.all([startBoss('pgboss_pair'), startBoss('pgboss_pair')]);
    await ensureQueues(first, settings);
    const total = 60;
    for (let i = 0; i < total; i++)
      await first.send('withdrawal.expire-approval', { withdrawalId: `w-${i}` });
    const runs = new Map<string, string[]>();
    const inFlight = new Set<string>();
    const overlaps: string[] = [];
    const allDone = gate();
    const handlerFor = (runner: string) =>
      everyJob(async (job) => {
        const id = idOf(job);
        if (inFlight.has(id)) overlaps.push(id);
        inFlight.add(id);
        runs.set(id, [...(runs.get(id) ?? []), runner]);
        await db.knex.raw('select pg_sleep(0.01)');
        inFlight.delete(id);
        if ([...runs.values()].flat().length >= total) allDone.open();
      });
    await Promise.all([startRunner(first, handlerFor('first')), startRunner(second, handlerFor('second'))]);
    await allDone.opened;

    expect(overlaps).to.deep.equal([]);
    expect(runs.size).to.equal(total);
    expect([...runs.values()].filter((runners) => runners.length !== 1)).to.deep.equal([]);
    const byRunner = [...runs.values()].flat();
    expect(byRunner).to.include('first').and.to.include('second');
  });

  it('retries a job whose handler threw until it succeeds, and only that job of its batch', async () => {
    const boss = await startBoss('pgboss_retry');
    await ensureQueues(boss, settings);
    const id = (await boss.send('withdrawal.expire-approval', { withdrawalId: 'w-retry' })) as string;
    await boss.send('withdrawal.expire-approval', { withdrawalId: 'w-fine' });
    const calls: Job[] = [];
    const succeeded = gate();
    await startRunner(
      boss,
      everyJob(async (job) => {
        calls.push(job);
        if (idOf(job) !== 'w-retry') return;
        if (calls.filter((call) => idOf(call) === 'w-retry').length === 1)
          throw new Error('connection dropped');
        succeeded.open();
      }),
    );
    await succeeded.opened;

    expect(calls.map(idOf).sort()).to.deep.equal(['w-fine', 'w-retry', 'w-retry']);
    expect(calls.at(-1)).to.deep.equal({ name: 'withdrawal.expire-approval', withdrawalId: 'w-retry' });
    await runners.pop()?.stop();
    expect(await stateOf(boss, 'withdrawal.expire-approval', id)).to.equal('completed');
  });

  it('stops gracefully: waits for the handler in flight and completes its job', async () => {
    const boss = await startBoss('pgboss_stop');
    await ensureQueues(boss, settings);
    const id = (await boss.send('withdrawal.expire-approval', { withdrawalId: 'w-stop' })) as string;
    const entered = gate();
    const release = gate();
    const runner = await startRunner(
      boss,
      everyJob(async () => {
        entered.open();
        await release.opened;
      }),
    );
    await entered.opened;
    let stopped = false;
    const stopping = runner.stop().then(() => {
      stopped = true;
    });
    await db.knex.raw('select 1');
    expect(stopped, 'stop() returned while a handler was still running').to.equal(false);
    release.open();
    await stopping;

    expect(await stateOf(boss, 'withdrawal.expire-approval', id)).to.equal('completed');
  });

  it('runs again the job of a worker that died holding it, once its heartbeat lapses', async () => {
    const boss = await startBoss('pgboss_dead');
    await ensureQueues(boss, settings);
    const id = (await boss.send('withdrawal.expire-approval', { withdrawalId: 'w-dead' })) as string;
    // A worker that claims the job and then never heartbeats nor completes: a SIGKILLed process.
    const [claimed] = await boss.fetch('withdrawal.expire-approval');
    expect(claimed.id).to.equal(id);
    const rerun = gate();
    const claimedAt = Date.now();
    await startRunner(
      boss,
      everyJob(async () => rerun.open()),
    );
    await rerun.opened;

    const waitedSeconds = (Date.now() - claimedAt) / 1000;
    expect(waitedSeconds).to.be.at.least(settings.heartbeatSeconds - 1);
    expect(waitedSeconds).to.be.below(30);
  });

  describe('scheduled jobs, on pg-boss TestClock moving time by hand', () => {
    const NAME = 'ledger-verification';
    const MINUTE_MS = 60_000;
    /** A worker process whose pg-boss sends scheduled jobs, on `clock`, running `job`. */
    const startScheduling = async (schema: string, clock: TestClock, job: ScheduledJob) => {
      // The default profile's timers: the fast one's would fire hundreds of times in the minutes moved through.
      const boss = await startBoss(schema, { settings: DEFAULT_JOB_QUEUE_SETTINGS, schedule: true, clock });
      await ensureQueues(boss, DEFAULT_JOB_QUEUE_SETTINGS);
      await startRunner(
        boss,
        everyJob(async () => undefined),
        1,
        [job],
      );
      return boss;
    };

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
      await startScheduling('pgboss_sched_pair', clock, job('first'));
      await startScheduling('pgboss_sched_pair', clock, job('second'));

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
      const boss = await startScheduling('pgboss_sched_off', clock, {
        name: NAME,
        cron: '30 3 * * *',
        run: noop,
      });
      expect((await boss.getSchedules(NAME)).map((s) => s.cron)).to.deep.equal(['30 3 * * *']);
      await runners.pop()?.stop();
      await startRunner(boss, everyJob(noop), 1, [{ name: NAME, cron: null, run: noop }]);
      expect(await boss.getSchedules(NAME)).to.deep.equal([]);
    });
  });
});
