import pg from 'pg';

/** A value a deferred write may carry: what our rows hold, and nothing that needs a driver's type mapping. */
export type SqlValue = string | number | boolean | Date | null | Readonly<Record<string, unknown>>;

/**
 * Renders `value` as a PostgreSQL literal, so that several writes can travel as one simple-protocol query (which
 * takes no bind parameters). Strings go through node-postgres's `escapeLiteral` (quotes and backslashes doubled,
 * `E''` when a backslash is present), objects are stored as JSON text; an untyped literal takes the type of the
 * column it is written to.
 */
export function literal(value: SqlValue): string {
  if (value === null) return 'NULL';
  switch (typeof value) {
    case 'string':
      return pg.escapeLiteral(value);
    case 'boolean':
      return value ? 'TRUE' : 'FALSE';
    case 'number':
      if (!Number.isFinite(value)) throw new Error(`cannot store the number ${value}`);
      return String(value);
  }
  if (value instanceof Date) {
    if (Number.isNaN(value.getTime())) throw new Error('cannot store an invalid date');
    return `'${value.toISOString()}'`;
  }
  return pg.escapeLiteral(JSON.stringify(value));
}

/** A quoted identifier: table and column names come from our code, quoting keeps reserved words harmless. */
export const identifier = (name: string): string => pg.escapeIdentifier(name);

/** A row to write: column name to value (row interfaces of the repositories, hence `object`). */
export type SqlRow = object;

const entries = (row: SqlRow) => Object.entries(row) as Array<[string, SqlValue | undefined]>;

/** `INSERT INTO table (columns) VALUES (…), (…)`; every row has the first row's columns. */
export function insertStatement(table: string, rows: readonly SqlRow[]): string {
  const columns = Object.keys(rows[0] ?? {});
  if (columns.length === 0) throw new Error(`nothing to insert into ${table}`);
  const values = rows.map((row) => {
    const byColumn = new Map(entries(row));
    return `(${columns.map((column) => literal(byColumn.get(column) ?? null)).join(', ')})`;
  });
  return `INSERT INTO ${identifier(table)} (${columns.map(identifier).join(', ')}) VALUES ${values.join(', ')}`;
}

/** `UPDATE table SET … WHERE a = … AND b = …`. */
export function updateStatement(table: string, set: SqlRow, where: SqlRow): string {
  const pairs = (row: SqlRow, separator: string) =>
    entries(row)
      .map(([column, value]) => `${identifier(column)} = ${literal(value ?? null)}`)
      .join(separator);
  return `UPDATE ${identifier(table)} SET ${pairs(set, ', ')} WHERE ${pairs(where, ' AND ')}`;
}
