// What the merged statements share: one statement of many members' rows, its arrays, its match, its errors.
import { identifier } from '../sql/sql-statement.js';
import { type SqlWrite, tablesOf } from './write-shapes.js';

/**
 * A merged statement's `translate`: the first member that recognises the error translates it. It may name another
 * member's row; a commit group then reruns each member alone, which names the right one.
 */
export const translatedByMembers =
  (members: readonly SqlWrite[]) =>
  (error: unknown): Error | undefined => {
    for (const member of members) {
      const translated = member.translate?.(error);
      if (translated) return translated;
    }
    return undefined;
  };

/** `(SELECT * FROM unnest($1::type[], …) LIMIT $n)`: one array parameter per column, a member per element. */
export const unnestedMembers = (types: readonly string[]): string =>
  `(SELECT * FROM unnest(${types.map((type, column) => `$${column + 1}::${type}[]`).join(', ')}) LIMIT $${types.length + 1}::bigint)`;

/** `t.a = v.w0 AND t.b IS NOT DISTINCT FROM v.w1 …`: each member's row matched by its WHERE columns. */
export const membersMatch = (where: readonly string[], nullSafe: readonly string[]): string =>
  where
    .map(
      (column, i) =>
        `t.${identifier(column)} ${nullSafe.includes(column) ? 'IS NOT DISTINCT FROM' : '='} v.w${i}`,
    )
    .join(' AND ');

/**
 * The one statement of `members` (writes of one shape, each of one row): each column's values as one array, the
 * number of members after them, expected to touch a row per member, its errors translated by the members.
 */
export function mergedMembers(
  members: readonly (SqlWrite & { readonly expect: NonNullable<SqlWrite['expect']> })[],
  text: string,
  kind: SqlWrite['kind'],
  columnCount: number,
): SqlWrite {
  const first = members[0] as (typeof members)[number];
  return {
    text,
    kind,
    tables: tablesOf(members),
    values: [
      ...Array.from({ length: columnCount }, (_, column) =>
        members.map((member) => member.values[column] ?? null),
      ),
      members.length,
    ],
    expect: { rows: members.length, error: first.expect.error },
    translate: translatedByMembers(members),
  };
}
