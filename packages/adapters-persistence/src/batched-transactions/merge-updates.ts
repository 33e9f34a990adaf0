import { identifier } from '../sql/sql-statement.js';
import { membersMatch, mergedMembers, unnestedMembers } from './merged-members.js';
import type { SqlWrite, UpdateRows } from './write-shapes.js';

type Mergeable = SqlWrite & {
  readonly update: UpdateRows;
  readonly expect: NonNullable<SqlWrite['expect']>;
};

/** A single-row update that says its column types: it can travel with others of its shape. */
const mergeable = (write: SqlWrite): write is Mergeable =>
  write.update !== undefined && write.expect?.rows === 1 && write.check === undefined;

const texts = new Map<string, string>();

/**
 * `UPDATE t SET a = v.s0 … FROM (SELECT * FROM unnest($1::type[], …) LIMIT $n) AS v(s0 …, w0 …) WHERE t.b = v.w0
 * AND …`: each parameter is one column's values, a member per element (SET columns, then WHERE columns), typed as
 * the column, and $n the number of members. One text per shape whatever the number of members, so each connection
 * plans it a few times, not once per count (docs/decisions/0012-statements-planned-once-per-connection.md);
 * null-safe WHERE columns match with IS NOT DISTINCT FROM.
 *
 * The LIMIT takes nothing away (it is the arrays' length); it is there for the plan a connection keeps. PostgreSQL
 * takes `unnest` of parameters for ten rows and a LIMIT given as a parameter for a tenth of its input, so the
 * generic plan expects one member and probes the table's primary key for it, which stays right however the table
 * grows. Without it, a generic plan made while a table was small joined a scan of the whole table by hash, and the
 * connection kept scanning the grown table on every call. Every
 * custom plan expects its true number of members (two or more) and so costs more than the generic one, which the
 * connection keeps from its sixth call. Below a few pages the generic plan may still scan the table; that one is
 * only kept until the table's statistics change (autovacuum's analyze of the grown table).
 */
function mergedText(update: UpdateRows): string {
  let text = texts.get(update.shape);
  if (text === undefined) {
    const aliases = [...update.set.map((_, i) => `s${i}`), ...update.where.map((_, i) => `w${i}`)];
    const set = update.set.map((column, i) => `${identifier(column)} = v.s${i}`).join(', ');
    text = `UPDATE ${identifier(update.table)} AS t SET ${set} FROM ${unnestedMembers(update.types)} AS v(${aliases.join(', ')}) WHERE ${membersMatch(update.where, update.nullSafe)}`;
    texts.set(update.shape, text);
  }
  return text;
}

/** One UPDATE of every member's row, expected to touch as many rows as there are members. */
function merged(members: readonly Mergeable[]): SqlWrite {
  const first = members[0] as Mergeable;
  return mergedMembers(members, mergedText(first.update), 'update', first.update.types.length);
}

/**
 * Runs of adjacent single-row updates of one shape (table, columns, types), each of a different row, sent as one
 * UPDATE … FROM unnest(…): the outcomes of a commit group's webhook deliveries cost one statement instead of one
 * per event (their attempts already travel as one insert, mergeInserts, which leaves the updates adjacent). Only
 * adjacent updates merge, so nothing moves across another statement; two updates of one row never merge (a
 * second would see the first's result, one statement updates a row once). If a member's row does not match its
 * WHERE (a stale optimistic update), the merged statement touches too few rows and fails the transaction with the
 * first member's error: a commit group then reruns each member alone, which names the stale one.
 */
export function mergeUpdates(writes: readonly SqlWrite[]): SqlWrite[] {
  const out: SqlWrite[][] = [];
  let run: Mergeable[] | null = null;
  let keys = new Set<unknown>();
  for (const write of writes) {
    if (
      mergeable(write) &&
      run &&
      run[0]?.update.shape === write.update.shape &&
      !keys.has(write.update.key)
    ) {
      run.push(write);
      keys.add(write.update.key);
      continue;
    }
    run = mergeable(write) ? [write] : null;
    keys = new Set(run ? [write.update?.key] : []);
    out.push(run ?? [write]);
  }
  return out.map((members) =>
    members.length === 1 ? (members[0] as SqlWrite) : merged(members as Mergeable[]),
  );
}
