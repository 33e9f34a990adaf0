import type { Page, PageRequest } from '../ports/page.js';

/** Oldest first by creation time, then id: the key every list but the ledger is ordered by. */
export const byCreation = <T extends { readonly id: string; readonly createdAt: Date }>(a: T, b: T): number =>
  a.createdAt.getTime() - b.createdAt.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/**
 * The in-memory twin of the keyset read: `rows` are the rows of the list's owner in ascending order; the page holds
 * those after the row `after` names, in the requested order, that `keep` accepts (the list's other filters), or
 * none when `after` is not one of the owner's rows.
 */
export function pageOf<T extends { readonly id: string }>(
  rows: readonly T[],
  request: PageRequest,
  keep: (row: T) => boolean = () => true,
): Page<T> {
  const ordered = request.order === 'asc' ? rows : [...rows].reverse();
  const at = request.after === null ? -1 : ordered.findIndex((row) => row.id === request.after);
  if (at < 0 && request.after !== null) return { items: [], next: null };
  const kept = ordered.slice(at + 1).filter(keep);
  const items = kept.slice(0, request.limit);
  return { items, next: kept.length > request.limit ? (items.at(-1)?.id ?? null) : null };
}
