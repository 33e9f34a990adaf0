import {
  type AuditAction,
  type AuditEntry,
  type AuditFilter,
  type AuditPosition,
  isAuditAction,
} from '../../audit/audit-entry.js';
import type { ListOrder } from '../../ports/page.js';
import type { Principal } from '../../ports/token-verifier.port.js';
import type { UnitOfWork } from '../../ports/unit-of-work.port.js';
import { type DomainError, validationError } from '../../shared/domain-error.js';
import { err, ok, type Result } from '../../shared/result.js';
import { isNonEmptyString, requireOperator } from './operator-deps.js';

const DEFAULT_AUDIT_PAGE = 20;
export const MAX_AUDIT_PAGE = 100;

export interface AuditEntryView {
  readonly id: string;
  readonly at: string;
  readonly actor: string;
  readonly action: AuditAction;
  readonly subjectType: AuditEntry['subjectType'];
  readonly subjectId: string;
  readonly changes: AuditEntry['changes'];
}

export interface AuditLogPage {
  readonly entries: readonly AuditEntryView[];
  readonly hasMore: boolean;
  /** Passed back as `cursor` (with the same `order`), gives the next page; null on the last page. */
  readonly nextCursor: string | null;
}

export interface ListAuditLogInput {
  readonly limit?: unknown;
  readonly cursor?: unknown;
  readonly action?: unknown;
  readonly subjectId?: unknown;
  readonly actor?: unknown;
  readonly order?: unknown;
}

/** The position of an entry, as a cursor: its time and id, which order the log (compareNewestFirst). */
const CURSOR = /^(\d{13})-([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;
const cursorOf = (p: AuditPosition): string => `${String(p.at.getTime()).padStart(13, '0')}-${p.id}`;

function parseCursor(value: unknown): Result<AuditPosition | null, DomainError> {
  if (value === undefined) return ok(null);
  const match = typeof value === 'string' ? CURSOR.exec(value) : null;
  if (!match) return err(validationError('cursor', 'cursor must be a nextCursor of a previous page'));
  return ok({ at: new Date(Number(match[1])), id: match[2] as string });
}

function parseLimit(value: unknown): Result<number, DomainError> {
  if (value === undefined) return ok(DEFAULT_AUDIT_PAGE);
  const limit = typeof value === 'string' && /^\d{1,3}$/.test(value) ? Number(value) : value;
  if (typeof limit !== 'number' || !Number.isInteger(limit) || limit < 1 || limit > MAX_AUDIT_PAGE)
    return err(validationError('limit', `limit must be an integer from 1 to ${MAX_AUDIT_PAGE}`));
  return ok(limit);
}

function parseOrder(value: unknown): Result<ListOrder, DomainError> {
  if (value === undefined) return ok('desc');
  if (value === 'asc' || value === 'desc') return ok(value);
  return err(validationError('order', 'order must be asc or desc'));
}

function parseFilter(input: ListAuditLogInput): Result<AuditFilter, DomainError> {
  if (input.action !== undefined && !isAuditAction(input.action))
    return err(validationError('action', 'action must be an audit action'));
  for (const field of ['subjectId', 'actor'] as const)
    if (input[field] !== undefined && !isNonEmptyString(input[field], 255))
      return err(validationError(field, `${field} must be a string of at most 255 characters`));
  return ok({
    ...(input.action === undefined ? {} : { action: input.action as AuditAction }),
    ...(input.subjectId === undefined ? {} : { subjectId: input.subjectId as string }),
    ...(input.actor === undefined ? {} : { actor: input.actor as string }),
  });
}

/** `GET /v1/operator/audit-log`: operator actions, newest first (or oldest first), a page at a time. */
export class ListAuditLog {
  constructor(private readonly deps: { readonly unitOfWork: UnitOfWork }) {}

  async execute(principal: Principal, input: ListAuditLogInput): Promise<Result<AuditLogPage>> {
    const allowed = requireOperator(principal);
    if (!allowed.ok) return allowed;
    const limit = parseLimit(input.limit);
    if (!limit.ok) return limit;
    const after = parseCursor(input.cursor);
    if (!after.ok) return after;
    const filter = parseFilter(input);
    if (!filter.ok) return filter;
    const order = parseOrder(input.order);
    if (!order.ok) return order;
    // One more than the page: whether it exists is `hasMore`, without a count.
    const read = await this.deps.unitOfWork.readFor(principal);
    const found = await read.auditLog.list(filter.value, after.value, limit.value + 1, order.value);
    const page = found.slice(0, limit.value);
    const hasMore = found.length > limit.value;
    const last = page.at(-1);
    return ok({
      entries: page.map((e) => ({ ...e, at: e.at.toISOString() })),
      hasMore,
      nextCursor: hasMore && last ? cursorOf(last) : null,
    });
  }
}
