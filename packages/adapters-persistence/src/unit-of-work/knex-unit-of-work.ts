import type { FieldCipher, JobQueue, Repositories, TransactionScope, UnitOfWork } from '@payout/domain';
import type { Knex } from 'knex';
import { knexRepositories } from '../repositories/knex-repositories.js';

export interface KnexUnitOfWorkDeps {
  readonly knex: Knex;
  /** Builds the job queue that enqueues inside `trx` (pg-boss `send` with the transaction in production). */
  readonly jobsFor: (trx: Knex.Transaction) => JobQueue;
  /** Encrypts linked-account destinations and webhook secrets at rest. */
  readonly cipher: FieldCipher;
}

/** One Knex transaction per `run`: commits when `work` resolves, rolls back (jobs included) when it throws. */
export class KnexUnitOfWork implements UnitOfWork {
  readonly read: Repositories;

  constructor(private readonly deps: KnexUnitOfWorkDeps) {
    this.read = knexRepositories(deps.knex, deps.cipher);
  }

  run<T>(work: (tx: TransactionScope) => Promise<T>): Promise<T> {
    return this.deps.knex.transaction(async (trx) => {
      const scope: TransactionScope = {
        ...knexRepositories(trx, this.deps.cipher),
        jobs: this.deps.jobsFor(trx),
      };
      return work(scope);
    });
  }
}
