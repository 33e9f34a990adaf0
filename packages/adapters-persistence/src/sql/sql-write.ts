import type { Knex } from 'knex';
import { withConnection } from './connection.js';

/**
 * One statement a repository wants run inside the unit of work, with literals inlined (see `literal`): an INSERT
 * or UPDATE, or a `SELECT … FOR UPDATE` that locks rows among the writes.
 */
export interface SqlWrite {
  readonly sql: string;
  /**
   * The rows an INSERT or UPDATE must touch. Checked by PostgreSQL itself (`payout_expect_rows`), so a wrong
   * count aborts the transaction even when COMMIT travels in the same query; `error` is what the repository
   * throws then.
   */
  readonly expect?: { readonly rows: number; readonly error: () => Error };
  /** A check of the row count made after the statement ran, for statements that cannot carry `expect`. */
  readonly check?: (rowCount: number) => void;
  /** Turns a PostgreSQL error this write may cause into the repository's error; undefined when not its own. */
  readonly translate?: (error: unknown) => Error | undefined;
}

/** Where repositories send their writes: run at once, or held by a unit of work and sent together. */
export interface SqlWriter {
  write(write: SqlWrite): Promise<void>;
}

/** `expect` for a write that must touch exactly one row. */
export const exactlyOne = (message: string) => ({ rows: 1, error: () => new Error(message) });

const GUARD_FAILED = 'payout_expect_rows failed: write ';

/**
 * The statement with its `expect` checked in SQL: `payout_expect_rows` raises when the count differs. A SELECT
 * (a lock taken among the writes, `… FOR UPDATE`) is counted as it is; an INSERT or UPDATE by its RETURNING.
 */
const guarded = (write: SqlWrite, index: number): string => {
  if (!write.expect) return write.sql;
  const rows = /^SELECT\b/.test(write.sql) ? write.sql : `${write.sql} RETURNING 1`;
  return `WITH w AS (${rows}) SELECT payout_expect_rows(count(*), ${write.expect.rows}, ${index}) FROM w`;
};

function ownError(writes: readonly SqlWrite[], error: unknown): Error | undefined {
  const message = error instanceof Error ? error.message : '';
  if (message.startsWith(GUARD_FAILED))
    return writes[Number(message.slice(GUARD_FAILED.length))]?.expect?.error();
  for (const write of writes) {
    const translated = write.translate?.(error);
    if (translated) return translated;
  }
  return undefined;
}

/**
 * Sends `writes` (and `COMMIT` after them when `commit`) as one simple-protocol query, the only form in which
 * PostgreSQL takes several statements in one round trip. Knex's own `raw` would rewrite any `?` inside a
 * literal into a bind placeholder, so the text goes straight to the connection (see `withConnection`).
 */
export async function runWrites(
  db: Knex | Knex.Transaction,
  writes: readonly SqlWrite[],
  commit = false,
): Promise<void> {
  const statements = writes.map(guarded);
  if (commit) statements.push('COMMIT');
  let results: ReadonlyArray<{ rowCount: number | null }>;
  try {
    const answer = await withConnection(db, (connection) => connection.query(statements.join(';\n')));
    results = Array.isArray(answer) ? answer : [answer];
  } catch (error) {
    throw ownError(writes, error) ?? error;
  }
  for (const [index, write] of writes.entries()) write.check?.(results[index]?.rowCount ?? 0);
}

/** The writer of plain (non-transactional) repositories: every write is its own statement, run at once. */
export const immediateWriter = (db: Knex | Knex.Transaction): SqlWriter => ({
  write: async (write) => {
    await runWrites(db, [write]);
  },
});
