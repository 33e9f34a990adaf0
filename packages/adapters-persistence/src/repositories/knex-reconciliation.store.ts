import {
  type ExceptionFilter,
  laterRead,
  type Page,
  type PageRequest,
  type ProviderRecord,
  RECORD_STATE_STEP,
  type ReconciliationException,
  type ReconciliationRun,
  type ReconciliationStore,
  type RunFilter,
  type StoredProviderRecord,
} from '@payout/domain';
import { keysetPage } from '../sql/keyset-page.js';
import { type Db, isUuid } from './columns.js';
import {
  type ExceptionRow,
  type RecordRow,
  type RunRow,
  recordRow,
  toException,
  toRecord,
  toRun,
} from './reconciliation-rows.js';

/** A state's RECORD_STATE_STEP in SQL, of the stored row (`provider_records`) or of the read (`excluded`). */
const stepOf = (table: 'provider_records' | 'excluded'): string =>
  `CASE ${table}.state ${Object.entries(RECORD_STATE_STEP)
    .map(([state, step]) => `WHEN '${state}' THEN ${step}`)
    .join(' ')} END`;
const NOT_BEHIND = `${stepOf('excluded')} >= ${stepOf('provider_records')}`;
/** A column a read not behind the stored row sets; a read behind it keeps the stored value. */
const unlessBehind = (column: string, value = `excluded.${column}`): string =>
  `CASE WHEN ${NOT_BEHIND} THEN ${value} ELSE provider_records.${column} END`;

/**
 * What a record read again changes (ReconciliationStore.saveRecords); its day, creation time, first read and match
 * stay.
 */
const RECORD_CHANGES = Object.entries({
  amount: unlessBehind('amount'),
  currency: unlessBehind('currency'),
  state: unlessBehind('state'),
  provider_state: unlessBehind('provider_state'),
  final_at: unlessBehind('final_at'),
  fee: unlessBehind('fee', 'coalesce(excluded.fee, provider_records.fee)'),
  reference: unlessBehind('reference', 'coalesce(excluded.reference, provider_records.reference)'),
  last_read_at: 'excluded.last_read_at',
})
  .map(([column, value]) => `${column} = ${value}`)
  .join(', ');

/** `provider_records`, `reconciliation_exceptions` and `reconciliation_runs` (migration 0027). */
export class KnexReconciliationStore implements ReconciliationStore {
  constructor(private readonly db: Db) {}

  async saveRecords(day: string, records: readonly ProviderRecord[], readAt: Date): Promise<void> {
    // One row per key in a statement (ON CONFLICT DO UPDATE refuses to touch a row twice): the reads of a record
    // folded in order, as the store folds them across statements.
    const counting = new Map<string, ProviderRecord>();
    for (const r of records) {
      const key = `${r.provider}\u0000${r.providerId}`;
      const earlier = counting.get(key);
      counting.set(key, earlier ? laterRead(earlier, r) : r);
    }
    if (counting.size === 0) return;
    const insert = this.db('provider_records').insert(
      [...counting.values()].map((r) => recordRow(day, r, readAt)),
    );
    await this.db.raw(`? ON CONFLICT (provider, provider_id) DO UPDATE SET ${RECORD_CHANGES}`, [insert]);
  }

  async matchRecord(provider: string, providerId: string, withdrawalId: string): Promise<void> {
    const updated = await this.db('provider_records')
      .where({ provider, provider_id: providerId })
      .update({ withdrawal_id: withdrawalId });
    if (updated !== 1) throw new Error(`no stored record ${provider} ${providerId}`);
  }

  async recordsOfDay(provider: string, day: string): Promise<readonly StoredProviderRecord[]> {
    const rows: RecordRow[] = await this.db('provider_records')
      .where({ provider, day })
      .orderBy('provider_id');
    return rows.map(toRecord);
  }

  async withdrawalIdsByReference(
    provider: string,
    references: readonly string[],
  ): Promise<ReadonlyMap<string, string>> {
    const texts = references.filter((r) => !r.includes('\0'));
    if (texts.length === 0) return new Map();
    const ids = texts.filter(isUuid).map((r) => r.toLowerCase());
    const rows: Array<{ id: string; rail_reference: string | null }> = await this.db('withdrawals')
      .select('id', 'rail_reference')
      .where('rail_provider', provider)
      .andWhere((q) => q.whereIn('id', ids).orWhereIn('rail_reference', texts));
    const found = new Map<string, string>();
    const wanted = new Set(texts);
    for (const row of rows) {
      for (const reference of texts.filter((r) => isUuid(r) && r.toLowerCase() === row.id))
        found.set(reference, row.id);
      if (row.rail_reference !== null && wanted.has(row.rail_reference))
        found.set(row.rail_reference, row.id);
    }
    return found;
  }

  async withdrawalIdsWithoutRecord(provider: string, from: Date, to: Date): Promise<readonly string[]> {
    const rows: Array<{ id: string }> = await this.db('withdrawals as w')
      .select('w.id')
      .where('w.rail_provider', provider)
      .whereNotNull('w.rail_reference')
      .where('w.submitted_at', '>=', from)
      .where('w.submitted_at', '<', to)
      .whereNotExists((q) =>
        q
          .select(1)
          .from('provider_records as r')
          .whereRaw('r.withdrawal_id = w.id AND r.provider = ?', [provider]),
      )
      .orderBy([{ column: 'w.submitted_at' }, { column: 'w.id' }]);
    return rows.map((row) => row.id);
  }

  async openException(exception: ReconciliationException): Promise<boolean> {
    const inserted = await this.db('reconciliation_exceptions')
      .insert({
        id: exception.id,
        provider: exception.provider,
        day: exception.day,
        type: exception.type,
        subject: exception.subject,
        withdrawal_id: exception.withdrawalId,
        provider_id: exception.providerId,
        since: exception.since,
        opened_at: exception.openedAt,
        evidence: JSON.stringify(exception.evidence),
      })
      .onConflict(['provider', 'type', 'subject'])
      .ignore()
      .returning('id');
    return inserted.length === 1;
  }

  async findException(id: string): Promise<ReconciliationException | null> {
    if (!isUuid(id)) return null;
    const row: ExceptionRow | undefined = await this.db('reconciliation_exceptions').where({ id }).first();
    return row ? toException(row) : null;
  }

  async lockException(id: string): Promise<ReconciliationException | null> {
    if (!isUuid(id)) return null;
    const row: ExceptionRow | undefined = await this.db('reconciliation_exceptions')
      .where({ id })
      .forUpdate()
      .first();
    return row ? toException(row) : null;
  }

  async resolveException(exception: ReconciliationException): Promise<void> {
    const resolution = exception.resolution;
    if (resolution === null) throw new Error('a resolution is needed');
    const updated = await this.db('reconciliation_exceptions')
      .where({ id: exception.id })
      .whereNull('resolved_at')
      .update({
        resolution_action: resolution.action,
        resolution_reason: resolution.reason,
        resolved_by: resolution.by,
        resolved_at: resolution.at,
      });
    if (updated !== 1) throw new Error(`reconciliation exception ${exception.id} is missing or resolved`);
  }

  async listExceptions(filter: ExceptionFilter, page: PageRequest): Promise<Page<ReconciliationException>> {
    const list = this.db('reconciliation_exceptions as t').select('t.*');
    if (filter.state === 'open') list.whereNull('t.resolved_at');
    if (filter.state === 'resolved') list.whereNotNull('t.resolved_at');
    if (filter.type !== undefined) list.where('t.type', filter.type);
    if (filter.provider !== undefined) list.where('t.provider', filter.provider);
    if (filter.olderThan !== undefined) list.where('t.since', '<', filter.olderThan);
    const keyset = {
      columns: ['t.opened_at', 't.id'],
      cursor: (after: string) =>
        this.db('reconciliation_exceptions as c').select('c.opened_at', 'c.id').where('c.id', after),
    };
    const found = await keysetPage<ExceptionRow>(list, keyset, page);
    return { items: found.items.map(toException), next: found.next };
  }

  async countOpenExceptions() {
    const rows: Array<{ provider: string; type: ReconciliationException['type']; count: string }> =
      await this.db('reconciliation_exceptions')
        .whereNull('resolved_at')
        .groupBy('provider', 'type')
        .orderBy(['provider', 'type'])
        .select('provider', 'type')
        .count('* as count');
    return rows.map((row) => ({ provider: row.provider, type: row.type, count: Number(row.count) }));
  }

  async recordRun(run: ReconciliationRun): Promise<void> {
    await this.db('reconciliation_runs').insert({
      id: run.id,
      provider: run.provider,
      day: run.day,
      started_at: run.startedAt,
      finished_at: run.finishedAt,
      records: run.records,
      matched: run.matched,
      pending: run.pending,
      opened: run.opened,
      exceptions: JSON.stringify(run.exceptions),
    });
  }

  async listRuns(filter: RunFilter, page: PageRequest): Promise<Page<ReconciliationRun>> {
    const list = this.db('reconciliation_runs as t').select('t.*');
    if (filter.provider !== undefined) list.where('t.provider', filter.provider);
    if (filter.day !== undefined) list.where('t.day', filter.day);
    const keyset = {
      columns: ['t.finished_at', 't.id'],
      cursor: (after: string) =>
        this.db('reconciliation_runs as c').select('c.finished_at', 'c.id').where('c.id', after),
    };
    const found = await keysetPage<RunRow>(list, keyset, page);
    return { items: found.items.map(toRun), next: found.next };
  }
}
