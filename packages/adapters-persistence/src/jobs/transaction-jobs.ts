import type { JobQueue } from '@payout/domain';
import type { Knex } from 'knex';

/**
 * Where a unit of work's jobs go: `in(db)` is the job queue of the transaction `db` runs on, so a job enqueued
 * there commits with the transaction and vanishes with its rollback.
 */
export interface TransactionJobs {
  in(db: Knex): JobQueue;
}
