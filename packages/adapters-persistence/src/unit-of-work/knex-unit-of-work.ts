import {
  CommitOutcomeUnknownError,
  type FieldCipher,
  type Repositories,
  type TransactionScope,
  type UnitOfWork,
} from '@payout/domain';
import type { Knex } from 'knex';
import type { TransactionJobs } from '../jobs/transaction-jobs.js';
import { knexRepositories } from '../repositories/knex-repositories.js';
import { answeredByPostgres, isDeadlock } from '../repositories/pg-errors.js';
import { readWithin } from './bounded-read.js';

const DEADLOCK_ATTEMPTS = 5;

export interface KnexUnitOfWorkDeps {
  readonly knex: Knex;
  /** The job queue of each transaction (pg-boss's `send` on its connection in production). */
  readonly jobs: TransactionJobs;
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
        const result = await work({
          ...knexRepositories(trx, this.deps.cipher),
          jobs: this.deps.jobs.in(trx),
        });
        committing = true;
        return result;
      });
    } catch (error) {
      // Knex sends COMMIT once `work` resolves; an error PostgreSQL answered it with means it rolled back.
      if (committing && !answeredByPostgres(error)) throw new CommitOutcomeUnknownError(error);
      throw error;
    }
  }
}
