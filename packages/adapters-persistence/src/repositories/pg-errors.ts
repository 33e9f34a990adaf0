/** PostgreSQL SQLSTATE codes this adapter reacts to. */
const UNIQUE_VIOLATION = '23505';

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
