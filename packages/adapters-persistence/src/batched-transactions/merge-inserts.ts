import { insertText } from '../sql/sql-statement.js';
import { translatedByMembers } from './merged-members.js';
import { declaresTables, type InsertRows, type SqlWrite, tablesOf } from './write-shapes.js';

/**
 * Whether `insert` may be sent ahead of `write` without changing what either does, by what `write` declares (its
 * kind and tables): an undeclared or unknown write keeps it behind, so a missing declaration costs a merge, never
 * a wrong order.
 */
function mayPass(insert: InsertRows, write: SqlWrite): boolean {
  // Ahead of an insert of known rows, unless they are ones this insert's foreign keys need.
  if (write.kind === 'insert')
    return write.insert !== undefined && !insert.references.includes(write.insert.table);
  // Ahead of an update or a lock of other tables: they create no rows, and cannot see or need the new ones.
  if (write.kind !== 'update' && write.kind !== 'lock') return false;
  return declaresTables(write) && !write.tables.includes(insert.table);
}

type Mergeable = SqlWrite & { readonly insert: InsertRows };

const mergeable = (write: SqlWrite): write is Mergeable =>
  write.kind === 'insert' &&
  write.insert !== undefined &&
  write.expect === undefined &&
  write.check === undefined;

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
    kind: 'insert',
    tables: tablesOf(members),
    values: members.flatMap((member) => member.values),
    insert: { table, columns, rowCount, references },
    translate: translatedByMembers(members),
  };
}

/**
 * A transaction's inserts into one table, with the same columns, sent as one multi-row INSERT where the earlier
 * one stands: the withdrawals, history rows, postings and events of a commit group (CommitGroups) cost one
 * statement per table instead of one per member. An insert moves ahead only of statements that cannot tell:
 * inserts into tables its foreign keys do not need, and updates and locks of other tables, as each write declares
 * (its kind and tables). Everything else keeps its order. A failure of the merged statement fails the transaction
 * as either would have; its error is translated by the first member that recognises it, which may name another
 * member's row (a commit group then reruns each member alone, which names the right one; outside groups a
 * transaction writes one aggregate).
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
