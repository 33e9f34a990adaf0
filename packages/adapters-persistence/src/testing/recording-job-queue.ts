import type { EnqueueOptions, Job, JobQueue } from '@payout/domain';
import type { Knex } from 'knex';

const TABLE = 'test_recorded_jobs';

export interface RecordedJob {
  readonly job: Job;
  readonly startAfter: Date | null;
}

/** The table the recording queue writes to; created by the test-database harness. */
export async function createRecordedJobsTable(knex: Knex): Promise<void> {
  await knex.raw(`CREATE TABLE IF NOT EXISTS ${TABLE} (
    seq bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    job jsonb NOT NULL,
    start_after timestamptz
  )`);
}

/**
 * A JobQueue for tests that writes each job as a row inside the unit of work's transaction, so a rollback
 * visibly removes it, exactly like pg-boss `send` with the transaction.
 */
export class RecordingJobQueue implements JobQueue {
  constructor(private readonly trx: Knex.Transaction) {}

  async enqueue(job: Job, options: EnqueueOptions = {}): Promise<void> {
    await this.trx(TABLE).insert({ job: JSON.stringify(job), start_after: options.startAfter ?? null });
  }
}

export const recordingJobsFor = (trx: Knex.Transaction): JobQueue => new RecordingJobQueue(trx);

/** Committed jobs, oldest first. */
export async function recordedJobs(knex: Knex): Promise<readonly RecordedJob[]> {
  const rows: Array<{ job: Job; start_after: Date | null }> = await knex(TABLE).orderBy('seq');
  return rows.map((row) => ({ job: row.job, startAfter: row.start_after }));
}
