import { identifier } from '../sql/sql-statement.js';
import { membersMatch, mergedMembers, unnestedMembers } from './merged-members.js';
import { declaresTables, type LockGuard, type SqlWrite } from './write-shapes.js';

type ShareLock = SqlWrite & {
  readonly lock: LockGuard;
  readonly expect: NonNullable<SqlWrite['expect']>;
};

const shareLock = (write: SqlWrite): write is ShareLock =>
  write.kind === 'lock' &&
  write.lock?.mode === 'share' &&
  write.expect?.rows === 1 &&
  write.check === undefined;

/**
 * Whether a share lock of `table` may be taken ahead of `write`: of an insert, an update or a lock of other
 * tables, as `write` declares. Neither can change or need the locked row, so each does what it did; only the
 * order in which the transaction takes its locks changes, and a deadlock that could make is detected by
 * PostgreSQL and the transaction run again.
 */
const mayPass = (table: string, write: SqlWrite): boolean =>
  (write.kind === 'insert' || write.kind === 'update' || write.kind === 'lock') &&
  declaresTables(write) &&
  !write.tables.includes(table);

/** Where in `out` a share lock of the same shape stands that `write` may join, or -1. */
function mergeTarget(out: ReadonlyArray<readonly SqlWrite[]>, write: ShareLock): number {
  for (let index = out.length - 1; index >= 0; index -= 1) {
    const earlier = (out[index] as readonly SqlWrite[])[0] as SqlWrite;
    if (shareLock(earlier) && earlier.lock.shape === write.lock.shape) return index;
    if (!mayPass(write.lock.table, earlier)) return -1;
  }
  return -1;
}

const texts = new Map<string, string>();

/**
 * `SELECT 1 FROM t JOIN (SELECT * FROM unnest($1::type[], …) LIMIT $n) AS v(w0 …) ON t.a = v.w0 AND … FOR SHARE
 * OF t`: each parameter one WHERE column's values, a member per element, and $n the number of members. One text
 * per shape whatever the number of members, with the LIMIT for the plan a connection keeps, as mergeUpdates does.
 * A row two members lock is joined, and counted, once per member.
 */
function mergedText(guard: LockGuard): string {
  let text = texts.get(guard.shape);
  if (text === undefined) {
    const aliases = guard.where.map((_, i) => `w${i}`);
    text = `SELECT 1 FROM ${identifier(guard.table)} AS t JOIN ${unnestedMembers(guard.types)} AS v(${aliases.join(', ')}) ON ${membersMatch(guard.where, guard.nullSafe)} FOR SHARE OF t`;
    texts.set(guard.shape, text);
  }
  return text;
}

/** One lock of every member's row, expected to return as many rows as there are members. */
function merged(members: readonly ShareLock[]): SqlWrite {
  const first = members[0] as ShareLock;
  return mergedMembers(members, mergedText(first.lock), 'lock', first.lock.types.length);
}

/**
 * A transaction's share locks of one shape (table, columns, types), each on condition that its row is as known
 * (`lockWrite` with `share`), sent as one statement where the first of them stands: the linked accounts a commit
 * group's withdrawals pay to cost one statement instead of one per member, and the members' wallet updates, which
 * the locks stood between, end up adjacent and travel as one too (mergeUpdates). A lock moves ahead only of
 * inserts, updates and locks of other tables (mayPass); everything else keeps its order. If a member's row is not
 * as its lock expects, the statement returns too few rows and fails the transaction with the first member's
 * error: a commit group then reruns each member alone, which names the stale one.
 */
export function mergeShareLocks(writes: readonly SqlWrite[]): readonly SqlWrite[] {
  if (!writes.some(shareLock)) return writes;
  const out: SqlWrite[][] = [];
  for (const write of writes) {
    const at = shareLock(write) ? mergeTarget(out, write) : -1;
    if (at < 0) out.push([write]);
    else (out[at] as SqlWrite[]).push(write);
  }
  return out.map((members) =>
    members.length === 1 ? (members[0] as SqlWrite) : merged(members as ShareLock[]),
  );
}
