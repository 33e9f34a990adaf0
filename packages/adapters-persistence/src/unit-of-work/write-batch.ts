import type { EnqueueOptions, Job, JobQueue } from '@payout/domain';
import type { Knex } from 'knex';
import type { JobStatements, PendingJob } from '../jobs/job-statements.js';
import { runWrites, type SqlWrite, type SqlWriter } from '../sql/sql-write.js';

/**
 * The writes and jobs of one transaction, held until it next reads or commits and then sent together, pipelined
 * (see runWrites): a withdrawal's debit, ledger posting, history and webhook event cost one round trip instead of
 * seven.
 * Errors (a stale sequence, a duplicate posting, a constraint) surface from that flush, inside the
 * transaction, so they still roll everything back.
 */
export class WriteBatch implements SqlWriter, JobQueue {
  private writes: SqlWrite[] = [];
  private jobs: PendingJob[] = [];

  constructor(
    private readonly db: Knex,
    private readonly jobStatements: JobStatements,
  ) {}

  async write(write: SqlWrite): Promise<void> {
    this.writes.push(write);
  }

  async enqueue(job: Job, options: EnqueueOptions = {}): Promise<void> {
    this.jobs.push({ job, options });
  }

  /**
   * Sends the held writes. With `commit`, COMMIT travels with them when every check of theirs runs inside
   * PostgreSQL; returns whether it did, so the caller knows whether COMMIT is still to be sent.
   */
  async flush(commit = false): Promise<boolean> {
    if (this.writes.length === 0 && this.jobs.length === 0) return false;
    const { writes, jobs } = this;
    this.writes = [];
    this.jobs = [];
    const all = [...writes, ...(jobs.length > 0 ? await this.jobStatements.statementsFor(jobs) : [])];
    const withCommit = commit && all.every((write) => write.check === undefined);
    await runWrites(this.db, all, withCommit);
    return withCommit;
  }
}
