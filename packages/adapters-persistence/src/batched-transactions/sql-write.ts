import type { Knex } from 'knex';
import type { QueryResult } from 'pg';
import { type PgConnection, type PgQuery, pipelineOn, withConnection } from '../sql/connection.js';
import {
  insertStatement,
  prepared,
  type SqlRow,
  type SqlStatement,
  type SqlValue,
} from '../sql/sql-statement.js';
import { fuseLocks, lockWrite } from './fuse-locks.js';
import { mergeInserts } from './merge-inserts.js';
import { mergeShareLocks } from './merge-share-locks.js';
import { mergeUpdates } from './merge-updates.js';
import { updateWrite } from './update-write.js';

import type { SqlWrite } from './write-shapes.js';

export type { SqlWrite } from './write-shapes.js';
export { lockWrite, updateWrite };

/** An INSERT of `rows` into `table` (see InsertRows for `references`). */
export const insertWrite = (
  table: string,
  rows: readonly SqlRow[],
  references: readonly string[] = [],
): SqlWrite => ({
  ...insertStatement(table, rows),
  kind: 'insert',
  tables: [table],
  insert: { table, columns: Object.keys(rows[0] ?? {}), rowCount: rows.length, references },
});

/**
 * Where repositories send their writes: run at once, or held by a unit of work's connection and sent together
 * (TransactionConnection), which sends them before any later statement of the transaction.
 */
export interface SqlWriter {
  write(write: SqlWrite): Promise<void>;
}

/** Each column an update may change: its PostgreSQL type, and its value in the aggregate. */
type Columns = Record<string, readonly [type: string, value: (row: never) => SqlValue]>;

/** The aggregate the columns are read from. */
type RowOf<C extends Columns> = Parameters<C[keyof C][1]>[0];

type Values<C extends Columns> = { [K in keyof C]: ReturnType<C[K][1]> };

/**
 * The columns an update of one table's rows may change, declared once with their types: the update writes them,
 * and a known row's lock (KnownRows) compares every one of them, so the two cannot fall out of step. The columns
 * not declared here the store refuses to change (migration 0020), so a known row cannot differ in them.
 */
export interface ChangingColumns<C extends Columns, T = RowOf<C>> {
  /** The PostgreSQL type of the id and of each declared column, for a lock that names some of them (lockWrite). */
  readonly types: Readonly<Record<string, string>>;
  /** The declared columns' values in `row`, in the order declared. */
  values(row: T): Values<C>;
  /** The UPDATE of `row`'s declared columns, on its id and the further conditions in `where`. */
  update(row: T, expect: NonNullable<SqlWrite['expect']>, where?: Partial<Values<C>>): SqlWrite;
  /**
   * The lock among the writes of the row `known` describes, holding only while every declared column is as known;
   * with `nullSafe`, each compared with IS NOT DISTINCT FROM, NULL included.
   */
  lockUnchanged(known: T, error: () => Error, nullSafe?: boolean): SqlWrite;
}

export function changingColumns<C extends Columns>(
  table: string,
  idType: string,
  columns: C,
): ChangingColumns<C> {
  const types: Record<string, string> = { id: idType };
  for (const [column, [type]] of Object.entries(columns)) types[column] = type;
  const values = (row: RowOf<C>) => {
    const out: Record<string, SqlValue> = {};
    for (const [column, [, value]] of Object.entries(columns)) out[column] = value(row as never);
    return out as Values<C>;
  };
  return {
    types,
    values,
    update: (row, expect, where = {}) =>
      updateWrite(
        table,
        values(row),
        { id: (row as { readonly id: string }).id, ...where } as SqlRow,
        types,
        expect,
      ),
    lockUnchanged: (known, error, nullSafe = false) => {
      const unchanged = values(known);
      return lockWrite(
        table,
        { id: (known as { readonly id: string }).id, ...unchanged },
        types,
        nullSafe ? Object.keys(unchanged) : [],
        {
          rows: 1,
          error,
        },
      );
    },
  };
}

/** `expect` for a write that must touch exactly one row. */
export const exactlyOne = (message: string) => ({ rows: 1, error: () => new Error(message) });

const GUARD_FAILED = 'payout_expect_rows failed';

/**
 * The statement with its `expect` checked in SQL: `payout_expect_rows` raises when the count differs. A lock (a
 * `SELECT … FOR UPDATE` among the writes) is counted as it is; any other kind by its RETURNING. A
 * count other than one (a merged statement's) is a bind parameter, so that merged statements of any size share
 * one text and the plan PostgreSQL keeps for it.
 */
function guarded(write: SqlWrite): SqlStatement {
  if (!write.expect) return write;
  const rows = write.kind === 'lock' ? write.text : `${write.text} RETURNING 1`;
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
 * (fuseLocks); share locks of one shape travel as one statement (mergeShareLocks), inserts into one table too
 * (mergeInserts), and so do adjacent single-row updates of one shape (mergeUpdates).
 * The first failure is the cause (later statements of the transaction only report it aborted); it is thrown as the
 * repository's error where one applies.
 */
export async function sendWrites(
  connection: PgConnection,
  writes: readonly SqlWrite[],
  commit = false,
): Promise<void> {
  const sent = mergeUpdates(mergeInserts(mergeShareLocks(fuseLocks(writes))));
  const queries: PgQuery[] = sent.map((write) => prepared(guarded(write)));
  const settled = await pipelineOn(connection, queries, commit);
  const failed = settled.findIndex((outcome) => outcome.status === 'rejected');
  if (failed >= 0) {
    const error = (settled[failed] as PromiseRejectedResult).reason;
    throw ownError(sent, failed, error) ?? error;
  }
  for (const [index, write] of sent.entries())
    write.check?.((settled[index] as PromiseFulfilledResult<QueryResult>).value.rowCount ?? 0);
}

/** `writes` sent as sendWrites does, on the connection Knex holds for `db`. */
export const runWrites = (db: Knex | Knex.Transaction, writes: readonly SqlWrite[]): Promise<void> =>
  withConnection(db, (connection) => sendWrites(connection, writes));

/** The writer of plain (non-transactional) repositories: every write is its own statement, run at once. */
export const immediateWriter = (db: Knex | Knex.Transaction): SqlWriter => ({
  write: (write) => runWrites(db, [write]),
});
