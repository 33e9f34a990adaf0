import { identifier, parameter, type SqlRow, type SqlValue } from '../sql/sql-statement.js';
import { typesOf, updateWrite } from './update-write.js';
import { declaresTables, type SqlWrite, tablesOf } from './write-shapes.js';

const texts = new Map<string, string>();

/**
 * `SELECT 1 FROM table WHERE … FOR UPDATE`, sent among the writes: the row `where` matches (its first column the
 * key, the others the values it must still hold; those in `nullSafe` may be NULL), locked only if it is unchanged,
 * which `expect` checks. An update of the same row right after it travels as one statement with it (fuseLocks).
 * With `mode` `share`, `FOR SHARE`: the row is held against updates (and locks for update) to the end of the
 * transaction, but other share locks of it do not wait; never fused, as no update of ours follows one, but sent
 * with the other share locks of its shape (mergeShareLocks).
 */
export function lockWrite(
  table: string,
  where: SqlRow,
  types: Readonly<Record<string, string>>,
  nullSafe: readonly string[],
  expect: NonNullable<SqlWrite['expect']>,
  mode: 'update' | 'share' = 'update',
): SqlWrite {
  const columns = Object.keys(where);
  const columnTypes = typesOf(table, columns, types);
  const key = [table, columns.join(), columnTypes.join(), nullSafe.join(), mode].join('\u0000');
  let text = texts.get(key);
  if (text === undefined) {
    const conditions = columns.map(
      (column, i) =>
        `${identifier(column)} ${nullSafe.includes(column) ? 'IS NOT DISTINCT FROM' : '='} $${i + 1}::${columnTypes[i]}`,
    );
    text = `SELECT 1 FROM ${identifier(table)} WHERE ${conditions.join(' AND ')} FOR ${mode.toUpperCase()}`;
    texts.set(key, text);
  }
  const values = Object.values(where).map((value: SqlValue) => parameter(value ?? null));
  return {
    text,
    values,
    kind: 'lock',
    tables: [table],
    expect,
    lock: { table, mode, where: columns, values, types: columnTypes, nullSafe, shape: key },
  };
}

/** The update that checks what `lock` checks as well as its own WHERE, or null when the two cannot be one. */
function fused(lock: SqlWrite, next: SqlWrite): SqlWrite | null {
  const guard = lock.lock;
  const update = next.update;
  if (guard?.mode !== 'update' || !update || !lock.expect || next.expect?.rows !== 1 || next.check)
    return null;
  // Undeclared tables stay with their own statement, which keeps every insert behind it (mergeInserts).
  if (!declaresTables(lock) || !declaresTables(next)) return null;
  if (update.table !== guard.table || update.key !== guard.values[0]) return null;
  const types: Record<string, string> = {};
  const set: Record<string, unknown> = {};
  const where: Record<string, unknown> = {};
  update.set.forEach((column, i) => {
    set[column] = next.values[i];
    types[column] = update.types[i] as string;
  });
  update.where.forEach((column, i) => {
    where[column] = next.values[update.set.length + i];
    types[column] = update.types[update.set.length + i] as string;
  });
  for (const [i, column] of guard.where.entries()) {
    const value = guard.values[i];
    if (column in where) {
      // Both check this column: one statement can only if they expect the same (else the lock fails as sent).
      if (where[column] !== value || value === null) return null;
      continue;
    }
    where[column] = value;
    types[column] = guard.types[i] as string;
  }
  const nullSafe = [...update.nullSafe, ...guard.nullSafe.filter((c) => !update.where.includes(c))];
  const write = {
    ...updateWrite(guard.table, set, where, types, lock.expect, nullSafe),
    tables: tablesOf([lock, next]),
  };
  return next.translate ? { ...write, translate: next.translate } : write;
}

/**
 * A lock of a row among the writes (`lockWrite`) directly followed by an update of that row is sent as the update
 * alone, its WHERE extended by what the lock checks: it locks the same row at the same point of the transaction
 * and fails, with the lock's error, in every case where the lock or the update would have. A withdrawal's or a
 * wallet's optimistic transaction (lock if unchanged, then write) costs one statement fewer, and the updates of a
 * commit group's members end up adjacent, so that they travel as one (mergeUpdates).
 */
export function fuseLocks(writes: readonly SqlWrite[]): readonly SqlWrite[] {
  if (!writes.some((write) => write.lock?.mode === 'update')) return writes;
  const out: SqlWrite[] = [];
  for (let index = 0; index < writes.length; index += 1) {
    const write = writes[index] as SqlWrite;
    const next = writes[index + 1];
    const one = write.lock && next ? fused(write, next) : null;
    if (one) {
      out.push(one);
      index += 1;
    } else out.push(write);
  }
  return out;
}
