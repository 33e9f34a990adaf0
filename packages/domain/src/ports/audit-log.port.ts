import type { AuditEntry, AuditFilter, AuditPosition } from '../audit/audit-entry.js';
import type { ListOrder } from './page.js';

/** The append-only record of operator actions. Nothing updates or deletes an entry. */
export interface AuditLog {
  /** Adds an entry; inside a unit of work it commits or rolls back with the action's effect. */
  append(entry: AuditEntry): Promise<void>;
  /**
   * Up to `limit` entries matching every filter given, newest first for `desc` (see compareNewestFirst) and oldest
   * first for `asc`, strictly after `after` in that order when it is given.
   */
  list(
    filter: AuditFilter,
    after: AuditPosition | null,
    limit: number,
    order: ListOrder,
  ): Promise<readonly AuditEntry[]>;
}
