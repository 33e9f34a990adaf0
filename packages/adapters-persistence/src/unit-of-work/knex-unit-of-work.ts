import {
  CommitOutcomeUnknownError,
  type EnqueueOptions,
  type FieldCipher,
  type Job,
  type JobQueue,
  type Repositories,
  type TransactionScope,
  type UnitOfWork,
} from '@payout/domain';
import type { Knex } from 'knex';
import type { JobStatements } from '../jobs/job-statements.js';
import { knexRepositories } from '../repositories/knex-repositories.js';
import { answeredByPostgres, isDeadlock } from '../repositories/pg-errors.js';
import { readWithin } from './bounded-read.js';

const DEADLOCK_ATTEMPTS = 5;

export interface KnexUnitOfWorkDeps {
  readonly knex: Knex;
  /** Renders enqueued jobs as statements of the transaction (pg-boss's insert in production). */
  readonly jobs: JobStatements;
  /** Encrypts linked-account destinations and webhook secrets at rest. */
  readonly cipher: FieldCipher;
  /** How long `readBack` may take, READ_BACK_MS by default. */
  readonly readBackMs?: number;
}

/**
 * The bound of `readBack`: a request that lost its COMMIT's answer waits this long at most to learn the outcome.
 * Long enough for a server that dropped its connections to take new ones, short beside a client's timeout.
 */
export const READ_BACK_MS = 3000;

/** The node-postgres connection a Knex transaction runs on: where its job statements are sent. */
interface PgConnection {
  query(config: { text: string; values: unknown[] }): Promise<{ rowCount: number | null }>;
}

/**
 * One Knex transaction per `run`: commits when `work` resolves, rolls back (jobs included) when it throws. A
 * COMMIT that PostgreSQL never answered (the connection broke, the server went away) may have committed: `run`
 * throws CommitOutcomeUnknownError then, so the caller reads the outcome back instead of guessing.
 */
export class KnexUnitOfWork implements UnitOfWork {
  readonly read: Repositories;

  constructor(private readonly deps: KnexUnitOfWorkDeps) {
    this.read = knexRepositories(deps.knex, deps.cipher);
  }

  /** On a connection from the pool: one broken under a transaction is discarded, never lent again. */
  readBack<T>(read: (repositories: Repositories) => Promise<T>): Promise<T> {
    return readWithin(() => read(this.read), this.deps.readBackMs ?? READ_BACK_MS);
  }

  /**
   * A transaction PostgreSQL aborts to break a deadlock (two transactions locking the same rows in opposite
   * orders) runs again, up to DEADLOCK_ATTEMPTS times: `work` only touches the transaction, so a rerun is the same
   * work.
   */
  async run<T>(work: (tx: TransactionScope) => Promise<T>): Promise<T> {
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await this.runOnce(work);
      } catch (error) {
        if (attempt >= DEADLOCK_ATTEMPTS || !isDeadlock(error)) throw error;
      }
    }
  }

  private async runOnce<T>(work: (tx: TransactionScope) => Promise<T>): Promise<T> {
    let committing = false;
    try {
      return await this.deps.knex.transaction(async (trx) => {
        const result = await work({ ...knexRepositories(trx, this.deps.cipher), jobs: this.jobsOf(trx) });
        committing = true;
        return result;
      });
    } catch (error) {
      // Knex sends COMMIT once `work` resolves; an error PostgreSQL answered it with means it rolled back.
      if (committing && !answeredByPostgres(error)) throw new CommitOutcomeUnknownError(error);
      throw error;
    }
  }

  /** Jobs inserted by statements of the transaction itself: they commit with it and vanish with a rollback. */
  private jobsOf(trx: Knex.Transaction): JobQueue {
    return {
      enqueue: async (job: Job, options: EnqueueOptions = {}) => {
        const connection = (await trx.client.acquireConnection()) as PgConnection;
        for (const statement of await this.deps.jobs.statementsFor([{ job, options }])) {
          const result = await connection.query({ text: statement.text, values: [...statement.values] });
          statement.check?.(result.rowCount ?? 0);
        }
      },
    };
  }
}
