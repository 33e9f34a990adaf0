import type { EnqueueOptions, Job, JobQueue } from '@payout/domain';
import type { Knex } from 'knex';
import { fromKnex, type PgBoss } from 'pg-boss';
import type { TransactionJobs } from './transaction-jobs.js';

/**
 * Jobs sent with pg-boss's `send`, given the transaction's connection as its `db` option (pg-boss's Knex
 * adapter): the job row is written in the transaction, so it commits and rolls back with it.
 */
export class PgBossJobs implements TransactionJobs {
  constructor(private readonly boss: PgBoss) {}

  in(db: Knex): JobQueue {
    const adapter = fromKnex(db);
    return {
      enqueue: async (job: Job, options: EnqueueOptions = {}) => {
        const id = await this.boss.send(
          job.name,
          { ...job },
          {
            db: adapter,
            ...(options.startAfter ? { startAfter: options.startAfter } : {}),
          },
        );
        // pg-boss answers null only for a singleton it refused; none of ours is one, so a job was lost.
        if (!id) throw new Error(`pg-boss did not create the ${job.name} job`);
      },
    };
  }
}
