import { translatedByMembers } from './merged-translation.js';
import { insertText } from './sql-statement.js';
import type { InsertRows, SqlWrite } from './write-shapes.js';

/** Statements that create no rows: updates and locking reads, guarded or not. */
const CREATES_NO_ROWS = /^\s*(?:WITH\s+\w+\s+AS\s+\(\s*)?(?:UPDATE|SELECT)\b/i;

const tableNames = new Map<string, RegExp>();
const mentions = (text: string, table: string): boolean => {
  let name = tableNames.get(table);
  if (!name) {
    name = new RegExp(`\\b${table}\\b`);
    tableNames.set(table, name);
  }
  return name.test(text);
};

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
  a.table === b.table &&
  a.columns.length === b.columns.length &&
  a.columns.every((column, index) => column === b.columns[index]);

/** Where in `out` an insert of the same table and columns stands that `write` may join, or -1. */
function mergeTarget(out: ReadonlyArray<readonly SqlWrite[]>, write: Mergeable): number {
  for (let index = out.length - 1; index >= 0; index -= 1) {
    const earlier = (out[index] as readonly SqlWrite[])[0] as SqlWrite;
    if (mergeable(earlier) && sameShape(earlier.insert, write.insert)) return index;
    if (!mayPass(write.insert, earlier)) return -1;
  }
  return -1;
}

/**
 * One INSERT of every member's rows: the members' bound values one after another (each already row by row in the
 * same columns), its errors translated by whichever member recognises them.
 */
function merged(members: readonly Mergeable[]): SqlWrite {
  const { table, columns } = (members[0] as Mergeable).insert;
  const rowCount = members.reduce((sum, member) => sum + member.insert.rowCount, 0);
  const references = [...new Set(members.flatMap((member) => member.insert.references))];
  return {
    text: insertText(table, columns, rowCount),
    values: members.flatMap((member) => member.values),
    insert: { table, columns, rowCount, references },
    translate: translatedByMembers(members),
  };
}

/**
 * A transaction's inserts into one table, with the same columns, sent as one multi-row INSERT where the earlier
 * one stands: the withdrawals, history rows, postings and events of a commit group (TransactionGroups) cost one
 * statement per table instead of one per member. An insert moves ahead only of statements that cannot tell:
 * inserts into tables its foreign keys do not need, and updates and locks of other tables. Everything else keeps
 * its order. A failure of the merged statement fails the transaction as either would have; its error is
 * translated by the first member that recognises it, which may name another member's row (a commit group then
 * reruns each member alone, which names the right one; outside groups a transaction writes one aggregate).
 */
export function mergeInserts(writes: readonly SqlWrite[]): SqlWrite[] {
  const out: SqlWrite[][] = [];
  for (const write of writes) {
    const at = mergeable(write) ? mergeTarget(out, write) : -1;
    if (at < 0) out.push([write]);
    else (out[at] as SqlWrite[]).push(write);
  }
  return out.map((members) =>
    members.length === 1 ? (members[0] as SqlWrite) : merged(members as Mergeable[]),
  );
}
