import { JOB_NAMES, type Job, type JobName } from '@payout/domain';
import type { JobResult, PgBoss } from 'pg-boss';

/** One handler per job name; it throws only for infrastructure faults, which pg-boss retries with backoff. */
export type JobHandlers = { readonly [N in JobName]: (job: Extract<Job, { name: N }>) => Promise<void> };

/** The slice of a pino logger the runner uses, so nothing secret is logged: only job name, id and error. */
export interface JobLogger {
  error(details: Record<string, unknown>, message: string): void;
}

/** An operational job run on a cron schedule (UTC) by whichever worker takes each occurrence. */
export interface ScheduledJob {
  /** Its queue's name. */
  readonly name: string;
  /** A cron expression in UTC; null removes the schedule, so that no worker runs it any more. */
  readonly cron: string | null;
  /** Throws only for a fault (the database unreachable): the occurrence is then tried again. */
  readonly run: () => Promise<void>;
}

/** A scheduled run that fails is tried again twice, a minute apart and more; none outlives an hour. */
const SCHEDULED_POLICY = { retryLimit: 2, retryDelay: 60, retryBackoff: true, expireInSeconds: 3600 };

export interface PgBossWorkerRunnerOptions {
  readonly boss: PgBoss;
  readonly handlers: JobHandlers;
  /**
   * Scheduled with pg-boss's `schedule` (sent once per occurrence whatever the number of processes; one missed
   * while no worker ran is sent once when one starts) and worked like the other jobs. The boss must have been
   * created with `schedule: true` for the occurrences to be sent.
   */
  readonly scheduled?: readonly ScheduledJob[];
  /** Workers per queue in this process; each runs up to `batchSize` jobs at once. */
  readonly concurrency: number;
  /**
   * Jobs one worker claims per fetch (default 4). While fetches come back full the worker fetches again at
   * once; a worker fetching one job at a time would wait a polling interval after every job.
   */
  readonly batchSize?: number;
  /** How often an idle worker looks for due jobs. pg-boss requires ≥ 0.5. */
  readonly pollingIntervalSeconds?: number;
  readonly logger?: JobLogger;
}

/**
 * Runs the job handlers on pg-boss workers. Any number of runners, in any number of processes, may share one
 * database: pg-boss claims each job with `FOR UPDATE SKIP LOCKED`, so a job is held by one worker at a time.
 */
export class PgBossWorkerRunner {
  private started = false;

  constructor(private readonly options: PgBossWorkerRunnerOptions) {}

  async start(): Promise<void> {
    if (this.started) return;
    this.started = true;
    const { boss, concurrency, batchSize = 4, pollingIntervalSeconds = 1 } = this.options;
    const workOptions = {
      batchSize,
      localConcurrency: concurrency,
      pollingIntervalSeconds,
      burstWhenBatchFull: true,
      // One failing job of a batch is retried alone; the others complete.
      perJobResults: true,
    } as const;
    for (const name of JOB_NAMES) {
      await boss.work<Record<string, unknown>, unknown, typeof workOptions>(name, workOptions, async (jobs) =>
        Promise.all(jobs.map((job) => this.run(name, job.id, job.data))),
      );
    }
    for (const job of this.options.scheduled ?? []) await this.schedule(job);
  }

  private async schedule({ name, cron, run }: ScheduledJob): Promise<void> {
    const { boss } = this.options;
    await boss.createQueue(name, SCHEDULED_POLICY);
    await boss.updateQueue(name, SCHEDULED_POLICY);
    if (cron === null) return boss.unschedule(name);
    await boss.schedule(name, cron, null, { tz: 'UTC', missed: 'once' });
    await boss.work(name, { pollingIntervalSeconds: 60 }, async ([job]) => {
      try {
        await run();
      } catch (error) {
        this.options.logger?.error(
          { err: error, job: name, jobId: job?.id },
          'job failed; pg-boss will retry it',
        );
        throw error;
      }
    });
  }

  /** Stops fetching and waits for the handlers in flight, so their jobs complete instead of being retried. */
  async stop(): Promise<void> {
    if (!this.started) return;
    this.started = false;
    const scheduled = (this.options.scheduled ?? [])
      .filter((job) => job.cron !== null)
      .map((job) => job.name);
    await Promise.all(
      [...JOB_NAMES, ...scheduled].map((name) => this.options.boss.offWork(name, { wait: true })),
    );
  }

  private async run(name: JobName, id: string, data: Record<string, unknown>): Promise<JobResult> {
    const handler = this.options.handlers[name] as (job: Job) => Promise<void>;
    try {
      await handler({ ...data, name } as Job);
      return { id, status: 'completed' };
    } catch (error) {
      this.options.logger?.error({ err: error, job: name, jobId: id }, 'job failed; pg-boss will retry it');
      return {
        id,
        status: 'failed',
        output: { error: error instanceof Error ? error.message : String(error) },
      };
    }
  }
}
