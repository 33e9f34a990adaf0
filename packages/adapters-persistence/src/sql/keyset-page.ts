import type { Page, PageRequest } from '@payout/domain';
import type { Knex } from 'knex';
import { isUuid } from '../repositories/columns.js';

/**
 * How a list is ordered: its key columns, unique together (creation time then id, or a posting sequence), as the
 * list's query names them, and a query of the same columns for the row a cursor names. That query is scoped by
 * the list's owner (merchant, entity, wallet) and nothing else: another owner's row marks no place (an empty
 * page), while a row whose state left a status filter between two pages still does.
 */
export interface Keyset {
  readonly columns: readonly string[];
  readonly cursor: (after: string) => Knex.QueryBuilder;
}

/**
 * One page of `list` in key order: the rows after the cursor's key (a row comparison against the cursor row's key,
 * read in the same statement, so the key never travels through a client and back with a rounded timestamp), one
 * more than asked to learn whether another page follows. With an index on the owner and the key columns, the page
 * costs the rows it returns, however deep it is.
 */
export async function keysetPage<Row extends { readonly id: string }>(
  list: Knex.QueryBuilder,
  keyset: Keyset,
  request: PageRequest,
): Promise<Page<Row>> {
  if (request.after !== null) {
    if (!isUuid(request.after)) return { items: [], next: null };
    const columns = keyset.columns.map(() => '??').join(', ');
    list.whereRaw(`(${columns}) ${request.order === 'desc' ? '<' : '>'} ?`, [
      ...keyset.columns,
      keyset.cursor(request.after.toLowerCase()),
    ]);
  }
  const rows: Row[] = await list
    .orderBy(keyset.columns.map((column) => ({ column, order: request.order })))
    .limit(request.limit + 1);
  const items = rows.slice(0, request.limit);
  return { items, next: rows.length > request.limit ? (items.at(-1)?.id ?? null) : null };
}

/**
 * A list of one table aliased `t`, keyed by (created_at, id), with its owner's scope applied to the list and to
 * the cursor row alike (`scope` gets the builder and the alias to qualify columns with).
 */
export function tableList(
  db: Knex | Knex.Transaction,
  table: string,
  scope: (query: Knex.QueryBuilder, alias: string) => void,
): { list: Knex.QueryBuilder; keyset: Keyset } {
  const list = db(`${table} as t`);
  scope(list, 't');
  return {
    list,
    keyset: {
      columns: ['t.created_at', 't.id'],
      cursor: (after) => {
        const row = db(`${table} as c`).select('c.created_at', 'c.id').where('c.id', after);
        scope(row, 'c');
        return row;
      },
    },
  };
}
