import knexFactory, { type Knex } from 'knex';
import { migrationSource } from './migration-source.js';

/** Any constant shared by every process of this service: the key of the advisory lock around migrations. */
const MIGRATION_LOCK_KEY = 7_401_926_339;

const migratorConfig: Knex.MigratorConfig = { migrationSource, tableName: 'knex_migrations' };

/**
 * Holds an advisory lock on a dedicated connection while `work` runs, so processes that start at once migrate one
 * after another instead of failing on Knex's own non-waiting migration lock. The lock belongs to a transaction
 * left open meanwhile, not to the session: behind a pooler in transaction mode (PgBouncer) a session's statements
 * may each reach another server connection, and a session lock would be taken on one and "released" on another;
 * an open transaction keeps its server connection. It is released with the transaction, even when the holder dies.
 */
async function withMigrationLock<T>(knex: Knex, work: () => Promise<T>): Promise<T> {
  const lockHolder = knexFactory({
    client: 'pg',
    connection: knex.client.config.connection,
    pool: { min: 0, max: 1 },
  });
  try {
    const holding = await lockHolder.transaction();
    try {
      await holding.raw('SELECT pg_advisory_xact_lock(?)', [MIGRATION_LOCK_KEY]);
      return await work();
    } finally {
      await holding.rollback().catch(() => undefined);
    }
  } finally {
    await lockHolder.destroy();
  }
}

/** Applies every pending migration; safe to call from several processes at the same moment. */
export async function migrateLatest(knex: Knex): Promise<readonly string[]> {
  return withMigrationLock(knex, async () => {
    const [, applied] = (await knex.migrate.latest(migratorConfig)) as [number, string[]];
    return applied;
  });
}

/** Undoes every applied migration, newest first. */
export async function migrateDownAll(knex: Knex): Promise<void> {
  await withMigrationLock(knex, () => knex.migrate.rollback(migratorConfig, true));
}

/** Names of migrations not yet applied. */
export async function pendingMigrations(knex: Knex): Promise<readonly string[]> {
  const [, pending] = (await knex.migrate.list(migratorConfig)) as [unknown[], unknown[]];
  return pending.map((entry) => migrationSource.getMigrationName(entry as never));
}
