import { insertStatement } from './sql-statement.js';
import type { InsertRows, SqlWrite } from './sql-write.js';

/** Statements that create no rows: updates and locking reads, guarded or not. */
const CREATES_NO_ROWS = /^\s*(?:WITH\s+\w+\s+AS\s+\(\s*)?(?:UPDATE|SELECT)\b/i;

const mentions = (text: string, table: string): boolean => new RegExp(`\\b${table}\\b`).test(text);

/** Whether `insert` may be sent ahead of `write` without changing what either does. */
function mayPass(insert: InsertRows, write: SqlWrite): boolean {
  // Ahead of an insert, unless the rows it creates are ones this insert's foreign keys need.
  if (write.insert) return !insert.references.includes(write.insert.table);
  // Ahead of an update or a lock of other tables: they cannot see or need the new rows.
  return CREATES_NO_ROWS.test(write.text) && !mentions(write.text, insert.table);
}

type Mergeable = SqlWrite & { readonly insert: InsertRows };

const mergeable = (write: SqlWrite): write is Mergeable =>
  write.insert !== undefined && write.expect === undefined && write.check === undefined;

const sameShape = (a: InsertRows, b: InsertRows): boolean =>
  a.table === b.table && Object.keys(a.rows[0] ?? {}).join() === Object.keys(b.rows[0] ?? {}).join();

function merged(into: Mergeable, next: Mergeable): SqlWrite {
  const rows = [...into.insert.rows, ...next.insert.rows];
  const references = [...new Set([...into.insert.references, ...next.insert.references])];
  return {
    ...insertStatement(into.insert.table, rows),
    insert: { table: into.insert.table, rows, references },
    translate: (error) => into.translate?.(error) ?? next.translate?.(error),
  };
}

/** Where in `out` an insert of the same shape stands that `write` may join, or -1. */
function mergeTarget(out: readonly SqlWrite[], write: Mergeable): number {
  for (let index = out.length - 1; index >= 0; index -= 1) {
    const earlier = out[index] as SqlWrite;
    if (mergeable(earlier) && sameShape(earlier.insert, write.insert)) return index;
    if (!mayPass(write.insert, earlier)) return -1;
  }
  return -1;
}

/**
 * A transaction's inserts into one table, with the same columns, sent as one multi-row INSERT where the earlier
 * one stands: the withdrawals, history rows, postings and events of a commit group (TransactionGroups) cost one
 * statement per table instead of one per member. An insert moves ahead only of statements that cannot tell:
 * inserts into tables its foreign keys do not need, and updates and locks of other tables. Everything else keeps
 * its order. A failure of the merged statement fails the transaction as either would have; its error is
 * translated by whichever of the two recognises it.
 */
export function mergeInserts(writes: readonly SqlWrite[]): SqlWrite[] {
  const out: SqlWrite[] = [];
  for (const write of writes) {
    const at = mergeable(write) ? mergeTarget(out, write) : -1;
    if (at < 0) out.push(write);
    else out[at] = merged(out[at] as Mergeable, write as Mergeable);
  }
  return out;
}
