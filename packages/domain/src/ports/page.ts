/** `desc` is newest first, every list's default; `asc` is oldest first, the order a queue is worked in. */
export type ListOrder = 'asc' | 'desc';

export const DEFAULT_PAGE_LIMIT = 20;
export const MAX_PAGE_LIMIT = 100;

/**
 * One page of a keyset-paginated list. `after` is the id of the last row of the previous page: the next page
 * holds the rows after that one in the list's order, so rows added meanwhile never shift a page (as an offset
 * would). An `after` that is not a row of the same list (another merchant's, or none) gives an empty page.
 */
export interface PageRequest {
  /** 1 to MAX_PAGE_LIMIT. */
  readonly limit: number;
  readonly order: ListOrder;
  readonly after: string | null;
}

export interface Page<T> {
  readonly items: readonly T[];
  /** The id to pass as `after` for the next page; null on the last page. */
  readonly next: string | null;
}

/** The first page of a list in its default order. */
export const firstPage = (order: ListOrder = 'desc', limit = DEFAULT_PAGE_LIMIT): PageRequest => ({
  limit,
  order,
  after: null,
});

export const mapPage = <T, U>(page: Page<T>, map: (item: T) => U): Page<U> => ({
  items: page.items.map(map),
  next: page.next,
});
