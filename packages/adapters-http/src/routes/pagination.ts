import {
  DEFAULT_PAGE_LIMIT,
  type ListOrder,
  MAX_PAGE_LIMIT,
  type Page,
  type PageRequest,
  type Result,
} from '@payout/domain';
import type { Request, Response } from 'express';
import { respond } from '../errors/response-envelope.js';
import { canonicalId } from '../ids/canonical-uuid.js';
import { fault, type JsonSchema } from '../schemas/schema-fault.js';

/**
 * A cursor is the id of a page's last row, its 16 bytes in base64url: opaque to clients, and checked whole by the
 * query schema (22 characters), so that a malformed one is a 400 rather than an empty page.
 */
const encodeCursor = (id: string): string => Buffer.from(id.replaceAll('-', ''), 'hex').toString('base64url');

const decodeCursor = (cursor: string): string => {
  const hex = Buffer.from(cursor, 'base64url').toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
};

/** The query parameters every list takes, for a list's query schema. */
export const PAGE_QUERY: Readonly<Record<string, JsonSchema>> = {
  limit: {
    type: 'string',
    pattern: `^(${MAX_PAGE_LIMIT}|[1-9][0-9]?)$`,
    ...fault('limit', `limit must be an integer from 1 to ${MAX_PAGE_LIMIT}`),
  },
  cursor: {
    type: 'string',
    pattern: '^[A-Za-z0-9_-]{22}$',
    ...fault('cursor', 'cursor must be a nextCursor this list returned'),
  },
  order: { type: 'string', enum: ['asc', 'desc'], ...fault('order', 'order must be asc or desc') },
};

type Query = Readonly<Record<string, string | undefined>>;

/** The query parameters that name a row by its id, made canonical here as path ids are (canonicalPathIds). */
const ID_QUERY_PARAMS: ReadonlySet<string> = new Set(['transactionId', 'merchantId', 'entityId']);

/**
 * The query's single-string parameters, ids canonical: those its schema checked, and any other the client sent
 * once. A parameter the schema does not know may be repeated or nested (`a=1&a=2`, `a[b]=1`); it is left out, never
 * read as a string.
 */
export const queryOf = (req: Request): Query =>
  Object.fromEntries(
    Object.entries(req.query)
      .filter((entry): entry is [string, string] => typeof entry[1] === 'string')
      .map(([name, value]) => [name, ID_QUERY_PARAMS.has(name) ? canonicalId(value) : value]),
  ) as Query;

/** The page a validated query asks for; `order` defaults to the list's own (newest first, or a queue's oldest). */
export function pageRequestOf(req: Request, defaultOrder: ListOrder = 'desc'): PageRequest {
  const { limit, order, cursor } = queryOf(req);
  return {
    limit: limit === undefined ? DEFAULT_PAGE_LIMIT : Number(limit),
    order: (order as ListOrder | undefined) ?? defaultOrder,
    after: cursor === undefined ? null : decodeCursor(cursor),
  };
}

/** `{success: true, data: [...], hasMore, nextCursor}`; nextCursor is null on the last page. */
export function respondPage<T>(res: Response, result: Result<Page<T>>): void {
  respond(res, result, (page) => ({
    success: true,
    data: page.items,
    hasMore: page.next !== null,
    nextCursor: page.next === null ? null : encodeCursor(page.next),
  }));
}
