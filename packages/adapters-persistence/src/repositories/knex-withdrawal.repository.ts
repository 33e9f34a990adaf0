import {
  ConcurrentModificationError,
  entityIdentity,
  type RailId,
  type Withdrawal,
  type WithdrawalRepository,
  type WithdrawalStatusChange,
  type WithdrawalWebhookView,
} from '@payout/domain';
import type { ProcessRows, TransactionRows } from '../batched-transactions/known-rows.js';
import { StaleKnownRowError } from '../batched-transactions/known-rows.js';
import { ReadBatches } from '../batched-transactions/read-batches.js';
import { insertWrite, type SqlWriter } from '../batched-transactions/sql-write.js';
import { readPrepared } from '../sql/connection.js';
import { type Db, isUuid } from './columns.js';
import { type EntityRow, toEntity } from './knex-entity.repository.js';
import { isUniqueViolation } from './pg-errors.js';
import {
  fromHistoryJson,
  type HistoryJson,
  type HistoryRow,
  toChange,
  toHistoryRow,
  toWithdrawal,
  toWithdrawalRow,
  WITHDRAWAL_CHANGES,
  type WithdrawalRow,
} from './withdrawal-rows.js';
import { FIND_WEBHOOK_VIEWS, toWebhookView, type WebhookViewRow } from './withdrawal-webhook-view.js';

/** The history of the withdrawal aliased `alias`, as a JSON array in sequence order. */
export const historyOf = (alias: string): string => `coalesce((SELECT json_agg(h ORDER BY h.sequence)
                           FROM withdrawal_history h WHERE h.withdrawal_id = ${alias}.id), '[]')`;
const HISTORY_OF_W = historyOf('w');

const WITHDRAWAL_WITH_HISTORY = `SELECT w.*, ${HISTORY_OF_W} AS history FROM withdrawals w WHERE w.id = $1`;
const FIND_WITHDRAWAL = { name: 'withdrawal_by_id', text: WITHDRAWAL_WITH_HISTORY };
const LOCK_WITHDRAWAL = { name: 'withdrawal_lock', text: `${WITHDRAWAL_WITH_HISTORY} FOR UPDATE OF w` };
/**
 * Earliest due first; SKIP LOCKED so that concurrent claimers take disjoint withdrawals. The ids go to the update
 * as an array, so even a generic plan finds the rows by primary key. $3 is the limit.
 */
const CLAIM_DUE = {
  name: 'withdrawals_claim_due',
  text: `UPDATE withdrawals w SET next_check_at = $1
          WHERE w.id = ANY(ARRAY(SELECT id FROM withdrawals WHERE next_check_at <= $2
                                  ORDER BY next_check_at LIMIT $3::integer FOR UPDATE SKIP LOCKED))
          RETURNING w.*, ${HISTORY_OF_W} AS history,
                    (SELECT to_json(e) FROM entities e WHERE e.id = w.entity_id) AS entity`,
};

/** See `checkNowByRailReference`: LEAST keeps an earlier check and replaces a null one (it skips nulls). */
const CHECK_NOW_BY_REFERENCE = {
  name: 'withdrawal_check_now_by_reference',
  text: `UPDATE withdrawals SET next_check_at = LEAST(next_check_at, $3::timestamptz)
          WHERE rail_reference = $2 AND rail = ANY($1::text[]) AND status <> 'FAILED'
          RETURNING id`,
};

type EntityJson = Omit<EntityRow, 'created_at'> & { created_at: string };
type WithEntityRow = WithdrawalRow & { history: HistoryJson[]; entity: EntityJson };

const entityOf = (row: WithEntityRow) =>
  toEntity({ ...row.entity, created_at: new Date(row.entity.created_at) });

/**
 * Two lookup statements in flight rather than one: a lookup's part in PostgreSQL is small, so its rate is bound by
 * the round trip each batch waits for. The second goes out only with a full statement's keys (ReadBatches), so that
 * where the API's event loop is the bound it does not pay for extra statements
 * (docs/decisions/0012-statements-planned-once-per-connection.md).
 */
const WEBHOOK_VIEW_BATCHES = { maxBatch: 64, concurrency: 2 };

export class KnexWithdrawalRepository implements WithdrawalRepository {
  private readonly webhookViews: ReadBatches<WebhookViewRow>;

  constructor(
    private readonly db: Db,
    private readonly writer: SqlWriter,
    private readonly rows: ProcessRows,
    /** The transaction's side, null outside one: only a transaction takes known rows and notes its writes. */
    private readonly tx: TransactionRows | null = null,
  ) {
    this.webhookViews = new ReadBatches(db, FIND_WEBHOOK_VIEWS, (row) => row.id, WEBHOOK_VIEW_BATCHES);
  }

  async insert(withdrawal: Withdrawal): Promise<void> {
    await this.writer.write(insertWrite('withdrawals', [toWithdrawalRow(withdrawal)]));
    await this.appendHistory(withdrawal, 0);
    this.tx?.written.push(withdrawal);
  }

  findById(id: string): Promise<Withdrawal | null> {
    return this.one(id, false);
  }

  /**
   * A known withdrawal is locked among the writes, on condition that it is still as known: every column an update
   * writes (WITHDRAWAL_CHANGES) as it was, NULL included; the others the store refuses to change (migration 0020).
   */
  async lockById(id: string): Promise<Withdrawal | null> {
    const known = this.tx ? this.rows.withdrawals.take(id) : undefined;
    if (known) {
      await this.writer.write(
        WITHDRAWAL_CHANGES.lockUnchanged(known, () => new StaleKnownRowError('withdrawal', known.id), true),
      );
      return known;
    }
    return this.one(id, true);
  }

  async findWebhookView(id: string): Promise<WithdrawalWebhookView | null> {
    if (!isUuid(id)) return null;
    const row = await this.webhookViews.load(id);
    return row ? toWebhookView(row) : null;
  }

  /**
   * The `sequence` guard in the WHERE clause makes a stale write update nothing instead of overwriting. When
   * its statements travel in one batch, the stale write's history rows collide with the winner's first, so
   * that collision is the same lost update.
   */
  async update(withdrawal: Withdrawal, expectedSequence: number): Promise<void> {
    await this.writer.write({
      ...WITHDRAWAL_CHANGES.update(
        withdrawal,
        { rows: 1, error: () => new ConcurrentModificationError(withdrawal.id) },
        { sequence: expectedSequence },
      ),
      translate: (error) =>
        isUniqueViolation(error, 'withdrawal_history_pkey', 'withdrawal_history')
          ? new ConcurrentModificationError(withdrawal.id)
          : undefined,
    });
    await this.appendHistory(withdrawal, expectedSequence);
  }

  async history(id: string): Promise<readonly WithdrawalStatusChange[]> {
    if (!isUuid(id)) return [];
    return (await this.historyRows([id])).map(toChange);
  }

  /** Each remembered with its entity's identity: the claimer's moves lock it, and read the identity for webhook bodies. */
  async claimDue(now: Date, leaseUntil: Date, limit: number): Promise<readonly Withdrawal[]> {
    const rows = await readPrepared<WithEntityRow>(this.db, CLAIM_DUE, [leaseUntil, now, limit]);
    return rows.map((row) => {
      this.rows.entities.remember(entityIdentity(entityOf(row)));
      const withdrawal = toWithdrawal(row, row.history.map(fromHistoryJson));
      this.rows.withdrawals.remember(withdrawal);
      return withdrawal;
    });
  }

  async checkNowByRailReference(
    rails: readonly RailId[],
    reference: string,
    now: Date,
  ): Promise<string | null> {
    // PostgreSQL's text cannot hold a NUL, so no stored reference has one; sent, it would fail the statement.
    if (reference.includes('\0')) return null;
    const [row] = await readPrepared<{ id: string }>(this.db, CHECK_NOW_BY_REFERENCE, [
      rails,
      reference,
      now,
    ]);
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
      await this.writer.write(
        insertWrite(
          'withdrawal_history',
          fresh.map((change) => toHistoryRow(withdrawal.id, change, decided)),
          ['withdrawals'],
        ),
      );
  }

  /** The withdrawal and its history in one statement; the lock, when asked for, is on the withdrawal row. */
  private async one(id: string, lock: boolean): Promise<Withdrawal | null> {
    if (!isUuid(id)) return null;
    const [row] = await readPrepared<WithdrawalRow & { history: HistoryJson[] }>(
      this.db,
      lock ? LOCK_WITHDRAWAL : FIND_WITHDRAWAL,
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
