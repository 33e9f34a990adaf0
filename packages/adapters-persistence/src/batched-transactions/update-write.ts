import { type SqlRow, updateStatement } from '../sql/sql-statement.js';
import type { SqlWrite } from './write-shapes.js';

/** The PostgreSQL type of each of `columns`; every one must be given. */
export function typesOf(
  table: string,
  columns: readonly string[],
  types: Readonly<Record<string, string>>,
): string[] {
  return columns.map((column) => {
    const type = types[column];
    if (!type) throw new Error(`no type given for ${table}.${column}`);
    return type;
  });
}

/**
 * An UPDATE of the one row `where` matches, which must touch exactly that row (`expect`), with the PostgreSQL type
 * of every column it names, so that it can travel with others of its shape as one statement (mergeUpdates). The
 * WHERE columns in `nullSafe` match with IS NOT DISTINCT FROM; the first WHERE column is the row's key.
 */
export function updateWrite(
  table: string,
  set: SqlRow,
  where: SqlRow,
  types: Readonly<Record<string, string>>,
  expect: NonNullable<SqlWrite['expect']>,
  nullSafe: readonly string[] = [],
): SqlWrite {
  const setColumns = Object.keys(set);
  const whereColumns = Object.keys(where);
  const columnTypes = typesOf(table, [...setColumns, ...whereColumns], types);
  const nullSafeTypes = Object.fromEntries(nullSafe.map((column) => [column, types[column] as string]));
  const shape = [table, setColumns.join(), whereColumns.join(), columnTypes.join(), nullSafe.join()].join(
    '\u0000',
  );
  const key = Object.values(where)[0];
  return {
    ...updateStatement(table, set, where, nullSafeTypes),
    kind: 'update',
    tables: [table],
    expect,
    update: { table, set: setColumns, where: whereColumns, types: columnTypes, nullSafe, shape, key },
  };
}
