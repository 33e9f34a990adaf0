/** PostgreSQL SQLSTATE codes this adapter reacts to. */
const UNIQUE_VIOLATION = '23505';
const DEADLOCK_DETECTED = '40P01';

interface PgError {
  readonly code?: unknown;
  readonly constraint?: unknown;
}

/** True when `error` is PostgreSQL refusing a duplicate on the named unique constraint. */
export function isUniqueViolation(error: unknown, constraint: string): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const pg = error as PgError;
  return pg.code === UNIQUE_VIOLATION && pg.constraint === constraint;
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
