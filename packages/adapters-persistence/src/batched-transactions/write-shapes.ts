// The shapes of the statements a repository hands the unit of work, shared by the writer and its merges.
import type { SqlStatement } from '../sql/sql-statement.js';

/**
 * What a write does, as the repository that builds it declares: the unit of work reorders and checks writes by
 * this, never by reading their SQL, which a pattern can misread.
 * - `insert`: an INSERT; only one built by insertWrite, its rows in `insert`, moves or merges;
 * - `update`: an UPDATE; it creates no rows;
 * - `lock`: a `SELECT … FOR UPDATE` among the writes; it creates no rows, and `expect` counts the rows it returns;
 * - `other`: anything else (a DELETE, a call); nothing moves ahead of it.
 */
type WriteKind = 'insert' | 'update' | 'lock' | 'other';

/**
 * One statement a repository wants run inside the unit of work: an INSERT or UPDATE, or a `SELECT … FOR UPDATE`
 * that locks rows among the writes.
 */
export interface SqlWrite extends SqlStatement {
  readonly kind: WriteKind;
  /**
   * Every table the statement reads or writes: its target and the tables of its CTEs and subqueries. An insert
   * moves ahead of an update or a lock only when its own table is not among them (ahead of another insert, see
   * InsertRows.references). Required, so that a write cannot leave it out; one that does at run time (a cast)
   * keeps every insert behind it.
   */
  readonly tables: readonly string[];
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
  /**
   * For a lock built by `lockWrite`: what it checks, so that an update of its row right after it can travel with it
   * (fuseLocks), and share locks of one shape with each other (mergeShareLocks).
   */
  readonly lock?: LockGuard;
}

/** What a `SELECT 1 … FOR UPDATE` (or `FOR SHARE`) built by `lockWrite` matches: one row, by its key and the values it must hold. */
export interface LockGuard {
  readonly table: string;
  readonly mode: 'update' | 'share';
  /** The WHERE columns, the key first, and their bound values. */
  readonly where: readonly string[];
  readonly values: readonly unknown[];
  /** The PostgreSQL type of each WHERE column. */
  readonly types: readonly string[];
  /** The WHERE columns that may hold NULL, matched with IS NOT DISTINCT FROM. */
  readonly nullSafe: readonly string[];
  /** Table, mode, columns, types and null-safe columns in one string: locks merge only with locks of the same shape. */
  readonly shape: string;
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

/** Whether `write` says which tables it reads or writes (a cast may have left them out). */
export const declaresTables = (write: SqlWrite): boolean => Array.isArray(write.tables);

/** The tables of all `writes`, each once: what one statement made of them reads or writes. */
export const tablesOf = (writes: readonly SqlWrite[]): readonly string[] => [
  ...new Set(writes.flatMap((write) => write.tables)),
];
