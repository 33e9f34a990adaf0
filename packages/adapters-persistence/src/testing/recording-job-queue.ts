import type { Job } from '@payout/domain';
import type { Knex } from 'knex';
import type { TransactionJobs } from '../jobs/transaction-jobs.js';

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
 * Jobs for tests, written as rows inside the unit of work's transaction, so a rollback visibly removes them,
 * exactly like pg-boss's `send` on the transaction.
 */
export const recordingJobs: TransactionJobs = {
  in: (db) => ({
    enqueue: async (job, options = {}) => {
      await db(TABLE).insert({ job: JSON.stringify(job), start_after: options.startAfter ?? null });
    },
  }),
};

/** Committed jobs, oldest first. */
export async function recordedJobs(knex: Knex): Promise<readonly RecordedJob[]> {
  const rows: Array<{ job: Job; start_after: Date | null }> = await knex(TABLE).orderBy('seq');
  return rows.map((row) => ({ job: row.job, startAfter: row.start_after }));
}
