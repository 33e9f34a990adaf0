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

const insertTexts = new Map<string, string>();

/** The text of an insert of `rowCount` rows of `columns`, made once per shape (it is the same every time). */
export function insertText(table: string, columns: readonly string[], rowCount: number): string {
  const key = `${table}\u0000${columns.join('\u0000')}\u0000${rowCount}`;
  let text = insertTexts.get(key);
  if (text === undefined) {
    const tuples: string[] = [];
    for (let row = 0; row < rowCount; row += 1) {
      const first = row * columns.length;
      tuples.push(`(${columns.map((_, column) => `$${first + column + 1}`).join(', ')})`);
    }
    text = `INSERT INTO ${identifier(table)} (${columns.map(identifier).join(', ')}) VALUES ${tuples.join(', ')}`;
    insertTexts.set(key, text);
  }
  return text;
}

/** `INSERT INTO table (columns) VALUES ($1, …), (…)`; every row has the first row's columns. */
export function insertStatement(table: string, rows: readonly SqlRow[]): SqlStatement {
  const columns = Object.keys(rows[0] ?? {});
  if (columns.length === 0) throw new Error(`nothing to insert into ${table}`);
  const values: unknown[] = [];
  for (const row of rows) {
    const byColumn = row as Readonly<Record<string, SqlValue | undefined>>;
    for (const column of columns) values.push(parameter(byColumn[column] ?? null));
  }
  return { text: insertText(table, columns, rows.length), values };
}

const updateTexts = new Map<string, string>();

/**
 * `UPDATE table SET a = $1 … WHERE b = $n AND …`; its text made once per table and columns. A WHERE column named
 * in `nullSafe` (with its PostgreSQL type) matches with `IS NOT DISTINCT FROM`, so that NULL matches NULL.
 */
export function updateStatement(
  table: string,
  set: SqlRow,
  where: SqlRow,
  nullSafe: Readonly<Record<string, string>> = {},
): SqlStatement {
  const assigned = entries(set);
  const matched = entries(where);
  const values = [...assigned, ...matched].map(([, value]) => parameter(value ?? null));
  const key = `${table}\u0000${assigned.map(([column]) => column).join()}\u0000${matched.map(([column]) => `${column}:${nullSafe[column] ?? ''}`).join()}`;
  let text = updateTexts.get(key);
  if (text === undefined) {
    let n = 0;
    const sets = assigned.map(([column]) => `${identifier(column)} = $${++n}`);
    const conditions = matched.map(([column]) => {
      const type = nullSafe[column];
      n += 1;
      return type
        ? `${identifier(column)} IS NOT DISTINCT FROM $${n}::${type}`
        : `${identifier(column)} = $${n}`;
    });
    text = `UPDATE ${identifier(table)} SET ${sets.join(', ')} WHERE ${conditions.join(' AND ')}`;
    updateTexts.set(key, text);
  }
  return { text, values };
}

const names = new Map<string, string>();

/**
 * The statement as a named prepared statement: each connection parses and plans a text once, then only binds
 * and executes it (docs/decisions/0012-statements-planned-once-per-connection.md). Names derive from the text, so
 * every process agrees on them; the set of texts is bounded by our code (a multi-row insert has one text per row
 * count).
 */
export function prepared(statement: SqlStatement): { name: string; text: string; values: unknown[] } {
  let name = names.get(statement.text);
  if (!name) {
    name = `p_${createHash('sha256').update(statement.text).digest('base64url').slice(0, 24)}`;
    names.set(statement.text, name);
  }
  return { name, text: statement.text, values: [...statement.values] };
}
