import { JOB_NAMES, type Job, type JobName } from '@payout/domain';
import type { JobResult, PgBoss } from 'pg-boss';

/** One handler per job name; it throws only for infrastructure faults, which pg-boss retries with backoff. */
export type JobHandlers = { readonly [N in JobName]: (job: Extract<Job, { name: N }>) => Promise<void> };

/** The slice of a pino logger the runner uses, so nothing secret is logged: only job name, id and error. */
export interface JobLogger {
  error(details: Record<string, unknown>, message: string): void;
}

export interface PgBossWorkerRunnerOptions {
  readonly boss: PgBoss;
  readonly handlers: JobHandlers;
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
  }

  /** Stops fetching and waits for the handlers in flight, so their jobs complete instead of being retried. */
  async stop(): Promise<void> {
    if (!this.started) return;
    this.started = false;
    await Promise.all(JOB_NAMES.map((name) => this.options.boss.offWork(name, { wait: true })));
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
