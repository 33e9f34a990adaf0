import knexFactory, { type Knex } from 'knex';
import { lockTimedMigrations, migrationSource } from './migration-source.js';

/** Any constant shared by every process of this service: the key of the advisory lock around migrations. */
const MIGRATION_LOCK_KEY = 7_401_926_339;
/** How long a process waits before it tries again for the migration lock another one holds. */
const LOCK_RETRY_MS = 100;

const TABLE = 'knex_migrations';
const migratorConfig: Knex.MigratorConfig = { migrationSource, tableName: TABLE };

export interface MigrateOptions {
  /** How long a migration's statement waits for a lock before the migration fails (MIGRATION_LOCK_TIMEOUT_MS). */
  readonly lockTimeoutMs?: number;
}

/**
 * During a rolling deploy the release before this one starts (a crash, a scale-up) on a database the next release
 * has migrated already: the migrations this one does not know, if all of them come after its last, are that
 * release's, and its expand-only schema serves this one. Knex would refuse to start ("the migration directory is
 * corrupt"); an unknown migration before the last known one still is corruption (a renamed or deleted file).
 */
async function refuseUnknownEarlierMigrations(knex: Knex): Promise<void> {
  if (!(await knex.schema.hasTable(TABLE))) return;
  const known = (await migrationSource.getMigrations([])).map((m) => migrationSource.getMigrationName(m));
  const last = known.at(-1) ?? '';
  const applied: { name: string }[] = await knex(TABLE).select('name');
  const earlier = applied.map((row) => row.name).filter((name) => !known.includes(name) && name < last);
  if (earlier.length > 0)
    throw new Error(
      `The migration directory is corrupt, these applied migrations are unknown: ${earlier.join(', ')}`,
    );
}

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
    const holding = await takeMigrationLock(lockHolder);
    try {
      await freeLeftoverKnexLock(knex);
      return await work();
    } finally {
      await holding.rollback().catch(() => undefined);
    }
  } finally {
    await lockHolder.destroy();
  }
}

/**
 * The migration lock's transaction, holding no snapshot while it holds the lock or waits for it: `CREATE INDEX
 * CONCURRENTLY` waits for every transaction of the database that has a snapshot older than its own to end, and
 * neither the holder's nor a waiting process's ends before the migration does. So the lock is tried, not waited
 * for (a statement waiting for a lock holds its snapshot), each try in a transaction of its own, and by a
 * statement without parameters: the extended protocol's unnamed portal, which parameters need, keeps its snapshot
 * after the statement, until the next one; the simple protocol's ends with it.
 */
async function takeMigrationLock(lockHolder: Knex): Promise<Knex.Transaction> {
  for (;;) {
    const holding = await lockHolder.transaction();
    const tried: { rows: { locked: boolean }[] } = await holding.raw(
      `SELECT pg_try_advisory_xact_lock(${MIGRATION_LOCK_KEY}) AS locked`,
    );
    if (tried.rows[0]?.locked === true) return holding;
    await holding.rollback();
    await new Promise((resolve) => setTimeout(resolve, LOCK_RETRY_MS));
  }
}

/**
 * Knex's own lock (`knex_migrations_lock`) is a committed flag when a migration runs outside a transaction: a
 * process that died migrating leaves it set, and every later start would fail on it ("Migration table is already
 * locked"). Under the advisory lock no other process migrates, so a set flag is such a leftover.
 */
async function freeLeftoverKnexLock(knex: Knex): Promise<void> {
  const lockTable = `${TABLE}_lock`;
  if (await knex.schema.hasTable(lockTable))
    await knex(lockTable).where({ is_locked: 1 }).update({ is_locked: 0 });
}

/**
 * Applies every pending migration; safe to call from several processes at the same moment, and on a database a
 * later release has migrated further (it then applies nothing).
 */
export async function migrateLatest(knex: Knex, options: MigrateOptions = {}): Promise<readonly string[]> {
  return withMigrationLock(knex, async () => {
    await refuseUnknownEarlierMigrations(knex);
    const [, applied] = (await knex.migrate.latest({
      migrationSource: lockTimedMigrations(options.lockTimeoutMs),
      tableName: TABLE,
      disableMigrationsListValidation: true,
    })) as [number, string[]];
    return applied;
  });
}

/** Undoes every applied migration, newest first. */
export async function migrateDownAll(knex: Knex): Promise<void> {
  await withMigrationLock(knex, () => knex.migrate.rollback(migratorConfig, true));
}

/** Names of migrations not yet applied (none of a later release's, which this one does not know). */
export async function pendingMigrations(knex: Knex): Promise<readonly string[]> {
  await refuseUnknownEarlierMigrations(knex);
  const [, pending] = (await knex.migrate.list({
    ...migratorConfig,
    disableMigrationsListValidation: true,
  })) as [unknown[], unknown[]];
  return pending.map((entry) => migrationSource.getMigrationName(entry as never));
}
