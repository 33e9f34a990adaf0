import type { Knex } from 'knex';
import type { QueryResult } from 'pg';
import { type PgQuery, pipelineOn, withConnection } from './connection.js';
import { fuseLocks } from './fuse-locks.js';
import { mergeInserts } from './merge-inserts.js';
import { mergeUpdates } from './merge-updates.js';
import { insertStatement, prepared, type SqlRow, type SqlStatement } from './sql-statement.js';

export { lockWrite } from './fuse-locks.js';
export { updateWrite } from './update-write.js';

/**
 * One statement a repository wants run inside the unit of work: an INSERT or UPDATE, or a `SELECT … FOR UPDATE`
 * that locks rows among the writes.
 */
export interface SqlWrite extends SqlStatement {
  /**
   * The rows the statement must touch. Checked by PostgreSQL itself (`payout_expect_rows`), so a wrong count
   * aborts the transaction even when COMMIT travels with it; `error` is what the repository throws then.
   */
  readonly expect?: { readonly rows: number; readonly error: () => Error };
  /** A check of the row count made after the statement ran, for statements that cannot carry `expect`. */
  readonly check?: (rowCount: number) => void;
  /** Turns a PostgreSQL error this write may cause into the repository's error; undefined when not its own. */
  readonly translate?: (error: unknown) => Error | undefined;
  /** For an INSERT built by `insertWrite`: its rows, so that it can travel with others into the table. */
  readonly insert?: InsertRows;
  /** For an UPDATE built by `updateWrite`: its shape, so that it can travel with others of it (mergeUpdates). */
  readonly update?: UpdateRows;
  /** For a lock built by `lockWrite`: what it checks, so that an update of its row right after it can (fuseLocks). */
  readonly lock?: LockGuard;
}

/** What a `SELECT 1 … FOR UPDATE` built by `lockWrite` matches: one row, by its key and the values it must hold. */
interface LockGuard {
  readonly table: string;
  /** The WHERE columns, the key first, and their bound values. */
  readonly where: readonly string[];
  readonly values: readonly unknown[];
  /** The PostgreSQL type of each WHERE column. */
  readonly types: readonly string[];
  /** The WHERE columns that may hold NULL, matched with IS NOT DISTINCT FROM. */
  readonly nullSafe: readonly string[];
}

/** The shape of a single-row UPDATE (its `values` are the SET values, then the WHERE values). */
export interface UpdateRows {
  readonly table: string;
  readonly set: readonly string[];
  readonly where: readonly string[];
  /** The PostgreSQL type of each SET column, then of each WHERE column. */
  readonly types: readonly string[];
  /** The WHERE columns matched with IS NOT DISTINCT FROM (NULL matches NULL) rather than `=`. */
  readonly nullSafe: readonly string[];
  /** Table, columns, types and null-safe columns in one string: updates merge only with updates of the same shape. */
  readonly shape: string;
  /** The row it updates (its first WHERE value): two updates of one row never merge. */
  readonly key: unknown;
}

/**
 * The shape of an INSERT (its `values` are its rows, column by column), kept so that a transaction's inserts into
 * one table can be sent as one (mergeInserts).
 */
export interface InsertRows {
  readonly table: string;
  readonly columns: readonly string[];
  readonly rowCount: number;
  /**
   * Tables whose rows this insert's foreign keys need at once (not DEFERRABLE): it is never sent ahead of an
   * insert into one of them.
   */
  readonly references: readonly string[];
}

/** An INSERT of `rows` into `table` (see InsertRows for `references`). */
export const insertWrite = (
  table: string,
  rows: readonly SqlRow[],
  references: readonly string[] = [],
): SqlWrite => ({
  ...insertStatement(table, rows),
  insert: { table, columns: Object.keys(rows[0] ?? {}), rowCount: rows.length, references },
});

/** Where repositories send their writes: run at once, or held by a unit of work and sent together. */
export interface SqlWriter {
  write(write: SqlWrite): Promise<void>;
}

/** `expect` for a write that must touch exactly one row. */
export const exactlyOne = (message: string) => ({ rows: 1, error: () => new Error(message) });

const GUARD_FAILED = 'payout_expect_rows failed';

/**
 * The statement with its `expect` checked in SQL: `payout_expect_rows` raises when the count differs. A SELECT
 * (a lock taken among the writes, `… FOR UPDATE`) is counted as it is; an INSERT or UPDATE by its RETURNING. A
 * count other than one (a merged statement's) is a bind parameter, so that merged statements of any size share
 * one text and the plan PostgreSQL keeps for it.
 */
function guarded(write: SqlWrite): SqlStatement {
  if (!write.expect) return write;
  const rows = /^SELECT\b/.test(write.text) ? write.text : `${write.text} RETURNING 1`;
  const single = write.expect.rows === 1;
  const expected = single ? '1' : `$${write.values.length + 1}::integer`;
  const text = `WITH w AS (${rows}) SELECT payout_expect_rows(count(*), ${expected}, 0) FROM w`;
  return { text, values: single ? write.values : [...write.values, write.expect.rows] };
}

/** The repository's error for `error`, raised by write `index` (or by COMMIT, past the last write). */
function ownError(writes: readonly SqlWrite[], index: number, error: unknown): Error | undefined {
  const message = error instanceof Error ? error.message : '';
  if (message.startsWith(GUARD_FAILED)) return writes[index]?.expect?.error();
  // A unique violation may belong to a sibling write (a stale update's history rows collide, not the update).
  for (const write of [writes[index], ...writes]) {
    const translated = write?.translate?.(error);
    if (translated) return translated;
  }
  return undefined;
}

/**
 * Sends `writes` (and `COMMIT` after them when `commit`) as named prepared statements, pipelined: one round trip,
 * and no statement planned twice on a connection. A lock followed by an update of its row is one guarded update
 * (fuseLocks); inserts into one table travel as one statement (mergeInserts), and so do adjacent single-row
 * updates of one shape (mergeUpdates).
 * The first failure is the cause (later statements of the transaction only report it aborted); it is thrown as the
 * repository's error where one applies.
 */
export async function runWrites(
  db: Knex | Knex.Transaction,
  writes: readonly SqlWrite[],
  commit = false,
): Promise<void> {
  const sent = mergeUpdates(mergeInserts(fuseLocks(writes)));
  const queries: PgQuery[] = sent.map((write) => prepared(guarded(write)));
  if (commit) queries.push('COMMIT');
  const settled = await withConnection(db, (connection) => pipelineOn(connection, queries));
  const failed = settled.findIndex((outcome) => outcome.status === 'rejected');
  if (failed >= 0) {
    const error = (settled[failed] as PromiseRejectedResult).reason;
    throw ownError(sent, failed, error) ?? error;
  }
  for (const [index, write] of sent.entries())
    write.check?.((settled[index] as PromiseFulfilledResult<QueryResult>).value.rowCount ?? 0);
}

/** The writer of plain (non-transactional) repositories: every write is its own statement, run at once. */
export const immediateWriter = (db: Knex | Knex.Transaction): SqlWriter => ({
  write: async (write) => {
    await runWrites(db, [write]);
  },
});
