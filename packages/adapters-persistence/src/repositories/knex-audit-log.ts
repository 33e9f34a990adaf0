import type { AuditEntry, AuditFilter, AuditLog, AuditPosition, ListOrder } from '@payout/domain';
import type { Db } from './columns.js';

/** The columns as the entry's fields: rows come back as entries, `changes` parsed from jsonb by the driver. */
const ENTRY_COLUMNS = [
  'id',
  'at',
  'actor',
  'action',
  { subjectType: 'subject_type' },
  { subjectId: 'subject_id' },
  'changes',
] as const;

/**
 * `operator_audit_log`: inserted, read, never updated (a trigger refuses UPDATE, DELETE and TRUNCATE). Pages are
 * keyset reads on (at, id) in either direction, each served by the index of its filter.
 */
export class KnexAuditLog implements AuditLog {
  constructor(private readonly db: Db) {}

  async append(entry: AuditEntry): Promise<void> {
    await this.db('operator_audit_log').insert({
      id: entry.id,
      at: entry.at,
      actor: entry.actor,
      action: entry.action,
      subject_type: entry.subjectType,
      subject_id: entry.subjectId,
      changes: JSON.stringify(entry.changes),
    });
  }

  async list(
    filter: AuditFilter,
    after: AuditPosition | null,
    limit: number,
    order: ListOrder,
  ): Promise<readonly AuditEntry[]> {
    const query = this.db('operator_audit_log').select<AuditEntry[]>(...ENTRY_COLUMNS);
    if (filter.action !== undefined) query.where('action', filter.action);
    if (filter.subjectId !== undefined) query.where('subject_id', filter.subjectId);
    if (filter.actor !== undefined) query.where('actor', filter.actor);
    if (after) query.whereRaw(`(at, id) ${order === 'desc' ? '<' : '>'} (?, ?::uuid)`, [after.at, after.id]);
    return query
      .orderBy([
        { column: 'at', order },
        { column: 'id', order },
      ])
      .limit(limit);
  }
}
