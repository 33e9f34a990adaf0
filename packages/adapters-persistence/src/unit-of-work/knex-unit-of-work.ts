import type { FieldCipher, Repositories, TransactionScope, UnitOfWork } from '@payout/domain';
import type { Knex } from 'knex';
import type { JobStatements } from '../jobs/job-statements.js';
import { DEFERRED_WRITES, knexRepositories } from '../repositories/knex-repositories.js';
import { flushBeforeReads } from './flush-before-reads.js';
import { WriteBatch } from './write-batch.js';

export interface KnexUnitOfWorkDeps {
  readonly knex: Knex;
  /** Renders enqueued jobs as statements of the transaction (pg-boss's insert in production). */
  readonly jobs: JobStatements;
  /** Encrypts linked-account destinations and webhook secrets at rest. */
  readonly cipher: FieldCipher;
}

/**
 * One Knex transaction per `run`: commits when `work` resolves, rolls back (jobs included) when it throws.
 * Writes are batched (see WriteBatch) and flushed before every read and before the commit.
 */
export class KnexUnitOfWork implements UnitOfWork {
  readonly read: Repositories;

  constructor(private readonly deps: KnexUnitOfWorkDeps) {
    this.read = knexRepositories(deps.knex, deps.cipher);
  }

  run<T>(work: (tx: TransactionScope) => Promise<T>): Promise<T> {
    return this.deps.knex.transaction(async (trx) => {
      const batch = new WriteBatch(trx, this.deps.jobs);
      const flush = () => batch.flush();
      const repositories = flushBeforeReads(
        knexRepositories(trx, this.deps.cipher, batch),
        DEFERRED_WRITES,
        flush,
      );
      const result = await work({ ...repositories, jobs: batch });
      await batch.flush();
      return result;
    });
  }
}
