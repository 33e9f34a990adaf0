import type { Knex } from 'knex';

/**
 * How long a migration's statement waits for a lock before it fails (SQLSTATE 55P03, `lock_timeout`). A statement
 * that needs a table's exclusive lock queues behind the transactions using the table, and every statement on that
 * table then queues behind it: bounded, a busy table costs a failed start (the next start migrates again) instead
 * of the traffic stalling behind the migration (CONTRIBUTING.md, "Add a migration").
 */
export const MIGRATION_LOCK_TIMEOUT_MS = 5_000;

/** What a migration that runs outside a transaction (`config.transaction: false`) takes its steps with. */
export interface OnlineSteps {
  /** Runs `work` in a transaction of its own, whose statements wait at most the lock timeout for a lock. */
  transaction<T>(work: (trx: Knex.Transaction) => Promise<T>): Promise<T>;
  /**
   * Runs `batch` (statements that go through at most a batch of rows and answer how many they went through) in a
   * transaction of its own, again and again until it answers 0; resolves with the rows gone through in all. Each
   * batch's row locks end with its commit, so the rows the traffic writes meanwhile wait for one batch at most.
   */
  inBatches(batch: (trx: Knex.Transaction) => Promise<number>): Promise<number>;
  /**
   * Builds index `name` on an existing table (`definition`: `ON table (…) [WHERE …]`) with `CREATE INDEX
   * CONCURRENTLY IF NOT EXISTS`, which reads and writes to the table go on beside. A build that failed or was cut
   * leaves an invalid index under the name: it is dropped (concurrently) first, so that a rerun builds it again.
   */
  indexConcurrently(name: string, definition: string): Promise<void>;
}

/**
 * A migration module. One that runs in a transaction (the default) gets that transaction as `knex`, with the lock
 * timeout already set; one that exports `config = { transaction: false }` (a `CREATE INDEX CONCURRENTLY`, a
 * backfill in batches) gets the pool, and takes its locks through `steps`.
 */
export interface OnlineMigration {
  up(knex: Knex, steps: OnlineSteps): Promise<void>;
  down(knex: Knex, steps: OnlineSteps): Promise<void>;
  readonly config?: { readonly transaction?: boolean };
}

const limitLockWaits = (trx: Knex.Transaction | Knex, lockTimeoutMs: number) =>
  // set_config(…, true) is SET LOCAL: it ends with the transaction, and never outlives it on a pooled connection.
  trx.raw('SELECT set_config(?, ?, true)', ['lock_timeout', `${lockTimeoutMs}ms`]);

function onlineSteps(knex: Knex, lockTimeoutMs: number): OnlineSteps {
  const transaction = <T>(work: (trx: Knex.Transaction) => Promise<T>): Promise<T> =>
    knex.transaction(async (trx) => {
      await limitLockWaits(trx, lockTimeoutMs);
      return work(trx);
    });
  return {
    transaction,
    async inBatches(batch) {
      let total = 0;
      for (;;) {
        const covered = await transaction(batch);
        if (covered === 0) return total;
        total += covered;
      }
    },
    // No lock timeout here: the build's lock (SHARE UPDATE EXCLUSIVE) queues no read or write behind it, and its
    // waits are for transactions to end; a session's lock_timeout would outlive it on a pooled connection.
    async indexConcurrently(name, definition) {
      const found: { rows: { valid: boolean }[] } = await knex.raw(
        'SELECT indisvalid AS valid FROM pg_index WHERE indexrelid = to_regclass(?)',
        [name],
      );
      if (found.rows[0]?.valid === false) await knex.raw('DROP INDEX CONCURRENTLY IF EXISTS ??', [name]);
      await knex.raw(`CREATE INDEX CONCURRENTLY IF NOT EXISTS ?? ${definition}`, [name]);
    },
  };
}

/** `migration` as Knex runs it: its transaction's lock waits bounded, `steps` given to it either way. */
export function lockTimed(migration: OnlineMigration, lockTimeoutMs: number): Knex.Migration {
  const inTransaction = migration.config?.transaction !== false;
  const run = (step: 'up' | 'down') => async (knex: Knex) => {
    if (inTransaction) await limitLockWaits(knex, lockTimeoutMs);
    await migration[step](knex, onlineSteps(knex, lockTimeoutMs));
  };
  return { up: run('up'), down: run('down'), ...(migration.config ? { config: migration.config } : {}) };
}
