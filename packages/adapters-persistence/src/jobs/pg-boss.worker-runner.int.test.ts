import type { Job } from '@payout/domain';
import { expect } from 'chai';
import type { PgBoss } from 'pg-boss';
import { type TestDatabase, testDatabase } from '../testing/test-database.js';
import { FAST_JOB_QUEUE_SETTINGS } from './job-queue.settings.js';
import { createPgBoss, ensureQueues } from './pg-boss.factory.js';
import { type JobHandlers, PgBossWorkerRunner } from './pg-boss.worker-runner.js';

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
  const startBoss = async (schema: string) => {
    const boss = await createPgBoss({
      connectionString: db.url,
      schema,
      settings,
      onError: (error) => backgroundErrors.push(error),
    });
    bosses.push(boss);
    return boss;
  };
  const startRunner = async (boss: PgBoss, handlers: JobHandlers, concurrency = 4) => {
    const runner = new PgBossWorkerRunner({ boss, handlers, concurrency, pollingIntervalSeconds: 0.5 });
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
});
