import {
  RECONCILIATION_EXCEPTION_TYPES,
  type ReconciliationRun,
  type ReportReads,
  type ResolutionAction,
  type RunLine,
  type RunLineException,
  type WithdrawalExportFilter,
  type WithdrawalReportRow,
  type WithdrawalStatus,
} from '@payout/domain';
import { type Db, isUuid, money } from './columns.js';
import { type RecordRow, type RunRow, toRecord, toRun } from './reconciliation-rows.js';
import type { WithdrawalRow } from './withdrawal-rows.js';

const TYPES = RECONCILIATION_EXCEPTION_TYPES.map(() => '?').join(', ');

const WITHDRAWAL_COLUMNS = [
  'id',
  'merchant_id',
  'entity_id',
  'wallet_id',
  'linked_account_id',
  'flow',
  'rail',
  'rail_provider',
  'rail_reference',
  'currency',
  'amount',
  'fees',
  'total',
  'status',
  'failure_reason',
  'failure_code',
  'reason',
  'created_at',
  'submitted_at',
  'updated_at',
] as const satisfies readonly (keyof WithdrawalRow)[];

type ReportRow = Pick<WithdrawalRow, (typeof WITHDRAWAL_COLUMNS)[number]>;

const toReportRow = (row: ReportRow): WithdrawalReportRow => ({
  id: row.id,
  merchantId: row.merchant_id,
  entityId: row.entity_id,
  walletId: row.wallet_id,
  linkedAccountId: row.linked_account_id,
  flow: row.flow,
  rail: row.rail,
  railProvider: row.rail_provider,
  railReference: row.rail_reference,
  currency: row.currency,
  amount: money(row.amount),
  fees: money(row.fees),
  total: money(row.total),
  status: row.status,
  failureReason: row.failure_reason,
  failureCode: row.failure_code,
  reason: row.reason,
  createdAt: row.created_at,
  submittedAt: row.submitted_at,
  updatedAt: row.updated_at,
});

/** A line's withdrawal, from the columns a line's query joins in (null when it names none). */
interface LineWithdrawal {
  w_id: string | null;
  w_amount: string | null;
  w_currency: 'USD' | null;
  w_status: WithdrawalStatus | null;
  exceptions: Array<{ id: string; type: RunLineException['type']; action: ResolutionAction | null }>;
}

const LINE_WITHDRAWAL = [
  'w.id as w_id',
  'w.amount as w_amount',
  'w.currency as w_currency',
  'w.status as w_status',
];

const lineOf = (row: LineWithdrawal, record: RunLine['record']): RunLine => ({
  record,
  withdrawal:
    row.w_id === null
      ? null
      : {
          id: row.w_id,
          amount: money(row.w_amount as string),
          currency: row.w_currency as 'USD',
          status: row.w_status as WithdrawalStatus,
        },
  exceptions: row.exceptions.map((e) => ({ id: e.id, type: e.type, resolution: e.action })),
});

/**
 * The reports' reads on PostgreSQL, each batch one keyset statement: withdrawals on the index of creation time
 * (migration 0031, or the merchant's list index), a provider-day's records on its index by provider id.
 */
export class KnexReportReads implements ReportReads {
  constructor(private readonly db: Db) {}

  async withdrawals(
    filter: WithdrawalExportFilter,
    after: string | null,
    limit: number,
  ): Promise<readonly WithdrawalReportRow[]> {
    if (filter.merchantId !== undefined && !isUuid(filter.merchantId)) return [];
    if (after !== null && !isUuid(after)) return [];
    const list = this.db('withdrawals as t')
      .select(WITHDRAWAL_COLUMNS.map((column) => `t.${column}`))
      .where('t.created_at', '>=', filter.from)
      .where('t.created_at', '<', filter.to);
    if (filter.merchantId !== undefined) list.where('t.merchant_id', filter.merchantId.toLowerCase());
    // The cursor row's key is read in the statement, never rounded through a JavaScript Date.
    if (after !== null)
      list.whereRaw('(t.created_at, t.id) > (SELECT c.created_at, c.id FROM withdrawals c WHERE c.id = ?)', [
        after.toLowerCase(),
      ]);
    const rows: ReportRow[] = await list
      .orderBy([{ column: 't.created_at' }, { column: 't.id' }])
      .limit(limit);
    return rows.map(toReportRow);
  }

  async findRun(id: string): Promise<ReconciliationRun | null> {
    if (!isUuid(id)) return null;
    const row: RunRow | undefined = await this.db('reconciliation_runs')
      .where({ id: id.toLowerCase() })
      .first();
    return row ? toRun(row) : null;
  }

  async recordLines(
    provider: string,
    day: string,
    after: string | null,
    limit: number,
  ): Promise<readonly RunLine[]> {
    const list = this.db('provider_records as r')
      .leftJoin('withdrawals as w', 'w.id', 'r.withdrawal_id')
      .select(
        'r.*',
        ...LINE_WITHDRAWAL,
        // Every type named, so that the exceptions' unique index (provider, type, subject) finds them.
        this.db.raw(
          `coalesce((SELECT json_agg(json_build_object('id', e.id, 'type', e.type, 'action', e.resolution_action)
                      ORDER BY e.opened_at, e.id)
                     FROM reconciliation_exceptions e
                    WHERE e.provider = r.provider AND e.type IN (${TYPES})
                      AND e.subject = coalesce(r.withdrawal_id::text, r.provider_id)), '[]') AS exceptions`,
          [...RECONCILIATION_EXCEPTION_TYPES],
        ),
      )
      .where({ 'r.provider': provider, 'r.day': day });
    if (after !== null) list.where('r.provider_id', '>', after);
    const rows: Array<RecordRow & LineWithdrawal> = await list.orderBy('r.provider_id').limit(limit);
    return rows.map((row) => lineOf(row, toRecord(row)));
  }

  async missingLines(
    provider: string,
    day: string,
    after: string | null,
    limit: number,
  ): Promise<readonly RunLine[]> {
    if (after !== null && !isUuid(after)) return [];
    const list = this.db('reconciliation_exceptions as e')
      .leftJoin('withdrawals as w', 'w.id', 'e.withdrawal_id')
      .select(
        ...LINE_WITHDRAWAL,
        this.db.raw(
          `json_build_array(json_build_object('id', e.id, 'type', e.type, 'action', e.resolution_action))
             AS exceptions`,
        ),
      )
      .where({ 'e.provider': provider, 'e.type': 'MISSING_AT_PROVIDER', 'e.day': day });
    if (after !== null) list.where('e.id', '>', after.toLowerCase());
    const rows: LineWithdrawal[] = await list.orderBy('e.id').limit(limit);
    return rows.map((row) => lineOf(row, null));
  }
}
