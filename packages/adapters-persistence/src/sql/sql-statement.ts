import { createHash } from 'node:crypto';
import pg from 'pg';

/** A value a write may carry: what our rows hold, and nothing that needs a driver's type mapping. */
export type SqlValue = string | number | boolean | Date | null | Readonly<Record<string, unknown>>;

/** A statement with bind parameters (`$1`, `$2` …), sent as a named prepared statement (see `prepared`). */
export interface SqlStatement {
  readonly text: string;
  readonly values: readonly unknown[];
}

/**
 * `value` as a bind parameter: dates as ISO text in UTC, objects as JSON text (node-postgres would turn an array
 * into a PostgreSQL array), and values PostgreSQL would store wrongly are refused.
 */
export function parameter(value: SqlValue): unknown {
  if (typeof value === 'number' && !Number.isFinite(value))
    throw new Error(`cannot store the number ${value}`);
  if (value instanceof Date) {
    if (Number.isNaN(value.getTime())) throw new Error('cannot store an invalid date');
    return value.toISOString();
  }
  if (value !== null && typeof value === 'object') return JSON.stringify(value);
  return value;
}

/** A quoted identifier: table and column names come from our code, quoting keeps reserved words harmless. */
export const identifier = (name: string): string => pg.escapeIdentifier(name);

/** A row to write: column name to value (row interfaces of the repositories, hence `object`). */
export type SqlRow = object;

const entries = (row: SqlRow) => Object.entries(row) as Array<[string, SqlValue | undefined]>;

/** `INSERT INTO table (columns) VALUES ($1, …), (…)`; every row has the first row's columns. */
export function insertStatement(table: string, rows: readonly SqlRow[]): SqlStatement {
  const columns = Object.keys(rows[0] ?? {});
  if (columns.length === 0) throw new Error(`nothing to insert into ${table}`);
  const values: unknown[] = [];
  const tuples = rows.map((row) => {
    const byColumn = new Map(entries(row));
    const placeholders = columns.map((column) => {
      values.push(parameter(byColumn.get(column) ?? null));
      return `$${values.length}`;
    });
    return `(${placeholders.join(', ')})`;
  });
  const text = `INSERT INTO ${identifier(table)} (${columns.map(identifier).join(', ')}) VALUES ${tuples.join(', ')}`;
  return { text, values };
}

/** `UPDATE table SET a = $1 … WHERE b = $n AND …`. */
export function updateStatement(table: string, set: SqlRow, where: SqlRow): SqlStatement {
  const values: unknown[] = [];
  const pairs = (row: SqlRow, separator: string) =>
    entries(row)
      .map(([column, value]) => {
        values.push(parameter(value ?? null));
        return `${identifier(column)} = $${values.length}`;
      })
      .join(separator);
  const text = `UPDATE ${identifier(table)} SET ${pairs(set, ', ')} WHERE ${pairs(where, ' AND ')}`;
  return { text, values };
}

const names = new Map<string, string>();

/**
 * The statement as a named prepared statement: each connection parses and plans a text once, then only binds
 * and executes it (planning a write cost more than executing it). Names derive from the text, so every process
 * agrees on them; the set of texts is bounded by our code (a multi-row insert has one text per row count).
 */
export function prepared(statement: SqlStatement): { name: string; text: string; values: unknown[] } {
  let name = names.get(statement.text);
  if (!name) {
    name = `p_${createHash('sha256').update(statement.text).digest('base64url').slice(0, 24)}`;
    names.set(statement.text, name);
  }
  return { name, text: statement.text, values: [...statement.values] };
}
