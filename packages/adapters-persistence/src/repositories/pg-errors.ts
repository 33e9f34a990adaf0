/** PostgreSQL SQLSTATE codes this adapter reacts to. */
const UNIQUE_VIOLATION = '23505';
const DEADLOCK_DETECTED = '40P01';

interface PgError {
  readonly code?: unknown;
  readonly constraint?: unknown;
  readonly table?: unknown;
}

/**
 * True when `error` is PostgreSQL refusing a duplicate on the named unique constraint of `table`. On a partitioned
 * table PostgreSQL names the partition's copy (`webhook_attempts_p202612_once` for `webhook_attempts_once`,
 * `partitionIndexName`), and the partition as the table.
 */
export function isUniqueViolation(error: unknown, constraint: string, table?: string): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const pg = error as PgError;
  if (pg.code !== UNIQUE_VIOLATION) return false;
  if (pg.constraint === constraint) return true;
  return (
    table !== undefined &&
    constraint.startsWith(table) &&
    typeof pg.table === 'string' &&
    pg.table.startsWith(`${table}_`) &&
    pg.constraint === `${pg.table}${constraint.slice(table.length)}`
  );
}

/**
 * True when PostgreSQL broke a deadlock by aborting this transaction: two transactions waited on each other's
 * row locks. Nothing of it was committed; running it again is safe.
 */
export function isDeadlock(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as PgError).code === DEADLOCK_DETECTED;
}

/** A failure's `code`: PostgreSQL's SQLSTATE, Node's for a broken connection (ECONNREFUSED), or undefined. */
export function errorCode(error: unknown): string | undefined {
  const code = typeof error === 'object' && error !== null ? (error as PgError).code : undefined;
  return typeof code === 'string' ? code : undefined;
}
