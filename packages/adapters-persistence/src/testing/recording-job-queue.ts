import type { Job } from '@payout/domain';
import type { Knex } from 'knex';
import type { JobStatement, JobStatements, PendingJob } from '../jobs/job-statements.js';

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
 * Job statements for tests that write each job as a row inside the unit of work's transaction, so a rollback
 * visibly removes it, exactly like pg-boss's insert.
 */
export const recordingJobs: JobStatements = {
  statementsFor: async (jobs: readonly PendingJob[]): Promise<readonly JobStatement[]> =>
    jobs.map(({ job, options }) => ({
      text: `INSERT INTO ${TABLE} (job, start_after) VALUES ($1, $2)`,
      values: [JSON.stringify(job), options.startAfter?.toISOString() ?? null],
      check: (rowCount) => {
        if (rowCount !== 1) throw new Error(`${rowCount} rows recorded for one job`);
      },
    })),
};

/** Committed jobs, oldest first. */
export async function recordedJobs(knex: Knex): Promise<readonly RecordedJob[]> {
  const rows: Array<{ job: Job; start_after: Date | null }> = await knex(TABLE).orderBy('seq');
  return rows.map((row) => ({ job: row.job, startAfter: row.start_after }));
}
