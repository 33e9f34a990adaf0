import type { EnqueueOptions, Job, JobQueue } from '@payout/domain';
import type { Knex } from 'knex';
import { type Db, fromKnex, type PgBoss } from 'pg-boss';

/**
 * The JobQueue of one unit of work: jobs are inserted through the transaction's own connection, so they become
 * visible on commit and vanish on rollback.
 */
export class PgBossJobQueue implements JobQueue {
  constructor(
    private readonly boss: PgBoss,
    private readonly db: Db,
  ) {}

  async enqueue(job: Job, options: EnqueueOptions = {}): Promise<void> {
    const sendOptions = options.startAfter
      ? { db: this.db, startAfter: options.startAfter }
      : { db: this.db };
    const id = await this.boss.send(job.name, { ...job }, sendOptions);
    // null means pg-boss dropped the job (a singleton or throttle rule); we set none, so a silent loss is a bug.
    if (id === null) throw new Error(`pg-boss refused job ${job.name}`);
  }
}

/** The `jobsFor` factory that KnexUnitOfWork takes: one PgBossJobQueue per Knex transaction. */
export const pgBossJobsFor =
  (boss: PgBoss) =>
  (trx: Knex.Transaction): JobQueue =>
    new PgBossJobQueue(boss, fromKnex(trx));
