import type { SqlRow, SqlValue } from '../sql/sql-statement.js';
import { lockWrite, type SqlWrite, updateWrite } from './sql-write.js';

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
