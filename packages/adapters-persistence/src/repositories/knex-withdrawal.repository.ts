import {
  ConcurrentModificationError,
  type RailId,
  type Withdrawal,
  type WithdrawalRepository,
  type WithdrawalStatusChange,
  type WithdrawalWebhookView,
} from '@payout/domain';
import { type Db, isUuid, rowsOf } from './columns.js';
import {
  fromHistoryJson,
  type HistoryJson,
  type HistoryRow,
  mutableColumns,
  toChange,
  toHistoryRow,
  toWithdrawal,
  toWithdrawalRow,
  type WithdrawalRow,
} from './withdrawal-rows.js';
import { FIND_WEBHOOK_VIEW, toWebhookView, type WebhookViewRow } from './withdrawal-webhook-view.js';

/** The history of the withdrawal aliased `alias`, as a JSON array in sequence order. */
export const historyOf = (alias: string): string => `coalesce((SELECT json_agg(h ORDER BY h.sequence)
                           FROM withdrawal_history h WHERE h.withdrawal_id = ${alias}.id), '[]')`;
const HISTORY_OF_W = historyOf('w');

const WITHDRAWAL_WITH_HISTORY = `SELECT w.*, ${HISTORY_OF_W} AS history FROM withdrawals w WHERE w.id = ?`;

/**
 * Earliest due first; SKIP LOCKED so that concurrent claimers take disjoint withdrawals. The due rows are found
 * through the partial index on `next_check_at` (migration 0006) and updated by primary key.
 */
export const CLAIM_DUE_WITHDRAWALS = `UPDATE withdrawals w SET next_check_at = ?
          WHERE w.id = ANY(ARRAY(SELECT id FROM withdrawals WHERE next_check_at <= ?
                                  ORDER BY next_check_at LIMIT ? FOR UPDATE SKIP LOCKED))
          RETURNING w.*, ${HISTORY_OF_W} AS history`;

/** See `checkNowByRailReference`: LEAST keeps an earlier check and replaces a null one (it skips nulls). */
const CHECK_NOW_BY_REFERENCE = `UPDATE withdrawals SET next_check_at = LEAST(next_check_at, ?::timestamptz)
          WHERE rail_reference = ? AND rail = ANY(?::text[]) AND status <> 'FAILED'
          RETURNING id`;

type WithHistoryRow = WithdrawalRow & { history: HistoryJson[] };

const withHistory = (row: WithHistoryRow): Withdrawal => toWithdrawal(row, row.history.map(fromHistoryJson));

export class KnexWithdrawalRepository implements WithdrawalRepository {
  constructor(private readonly db: Db) {}

  async insert(withdrawal: Withdrawal): Promise<void> {
    await this.db('withdrawals').insert(toWithdrawalRow(withdrawal));
    await this.appendHistory(withdrawal, 0);
  }

  findById(id: string): Promise<Withdrawal | null> {
    return this.one(id, false);
  }

  lockById(id: string): Promise<Withdrawal | null> {
    return this.one(id, true);
  }

  async findWebhookView(id: string): Promise<WithdrawalWebhookView | null> {
    if (!isUuid(id)) return null;
    const [row] = await rowsOf<WebhookViewRow>(this.db, FIND_WEBHOOK_VIEW, [id]);
    return row ? toWebhookView(row) : null;
  }

  /** The `sequence` guard in the WHERE clause makes a stale write update nothing instead of overwriting. */
  async update(withdrawal: Withdrawal, expectedSequence: number): Promise<void> {
    const updated = await this.db('withdrawals')
      .where({ id: withdrawal.id, sequence: expectedSequence })
      .update(mutableColumns(withdrawal));
    if (updated !== 1) throw new ConcurrentModificationError(withdrawal.id);
    await this.appendHistory(withdrawal, expectedSequence);
  }

  async history(id: string): Promise<readonly WithdrawalStatusChange[]> {
    if (!isUuid(id)) return [];
    return (await this.historyRows([id])).map(toChange);
  }

  async claimDue(now: Date, leaseUntil: Date, limit: number): Promise<readonly Withdrawal[]> {
    const rows = await rowsOf<WithHistoryRow>(this.db, CLAIM_DUE_WITHDRAWALS, [leaseUntil, now, limit]);
    return rows.map(withHistory);
  }

  async checkNowByRailReference(
    rails: readonly RailId[],
    reference: string,
    now: Date,
  ): Promise<string | null> {
    const [row] = await rowsOf<{ id: string }>(this.db, CHECK_NOW_BY_REFERENCE, [now, reference, [...rails]]);
    return row?.id ?? null;
  }

  async findExpiredApprovals(now: Date, limit: number): Promise<readonly Withdrawal[]> {
    const rows = await this.db<WithdrawalRow>('withdrawals')
      .where({ status: 'AWAITING_APPROVAL' })
      .andWhere('approval_expires_at', '<', now)
      .orderBy([{ column: 'created_at' }, { column: 'id' }])
      .limit(limit);
    const history = await this.historyRows(rows.map((row) => row.id));
    return rows.map((row) =>
      toWithdrawal(
        row,
        history.filter((h) => h.withdrawal_id === row.id),
      ),
    );
  }

  private async appendHistory(withdrawal: Withdrawal, storedSequence: number): Promise<void> {
    const fresh = withdrawal.history.filter((change) => change.sequence > storedSequence);
    const decided = fresh.some((change) => change.decidedBy !== null);
    if (fresh.length > 0)
      await this.db('withdrawal_history').insert(
        fresh.map((change) => toHistoryRow(withdrawal.id, change, decided)),
      );
  }

  /** The withdrawal and its history in one statement; the lock, when asked for, is on the withdrawal row. */
  private async one(id: string, lock: boolean): Promise<Withdrawal | null> {
    if (!isUuid(id)) return null;
    const [row] = await rowsOf<WithdrawalRow & { history: HistoryJson[] }>(
      this.db,
      lock ? `${WITHDRAWAL_WITH_HISTORY} FOR UPDATE OF w` : WITHDRAWAL_WITH_HISTORY,
      [id],
    );
    return row ? toWithdrawal(row, row.history.map(fromHistoryJson)) : null;
  }

  private async historyRows(ids: readonly string[]): Promise<HistoryRow[]> {
    if (ids.length === 0) return [];
    return this.db<HistoryRow>('withdrawal_history')
      .whereIn('withdrawal_id', ids)
      .orderBy([{ column: 'withdrawal_id' }, { column: 'sequence' }]);
  }
}
