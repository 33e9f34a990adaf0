import {
  DuplicatePostingError,
  isBalanced,
  LEDGER_ACCOUNTS,
  type LedgerDrift,
  type LedgerEntry,
  type LedgerEntryKind,
  type LedgerRepository,
  Money,
  type SettlementDrift,
  UNRECORDED_PROVIDER,
  walletAccount,
} from '@payout/domain';
import { insertWrite, type SqlWriter } from '../batched-transactions/sql-write.js';
import { type Db, isUuid, money } from './columns.js';
import { isUniqueViolation } from './pg-errors.js';

const WALLET_ACCOUNT_PREFIX = walletAccount('');

interface EntryRow {
  id: string;
  kind: LedgerEntryKind;
  wallet_id: string;
  withdrawal_id: string | null;
  memo: string;
  created_at: Date;
}

interface LineRow {
  entry_id: string;
  position: number;
  account: string;
  amount: string;
}

export class KnexLedgerRepository implements LedgerRepository {
  constructor(
    private readonly db: Db,
    private readonly writer: SqlWriter,
  ) {}

  async append(entry: LedgerEntry): Promise<void> {
    if (!isBalanced(entry)) throw new Error(`unbalanced ledger entry ${entry.id}`);
    const row: EntryRow = {
      id: entry.id,
      kind: entry.kind,
      wallet_id: entry.walletId,
      withdrawal_id: entry.withdrawalId,
      memo: entry.memo,
      created_at: entry.createdAt,
    };
    await this.writer.write({
      ...insertWrite('ledger_entries', [row]),
      translate: (error) =>
        isUniqueViolation(error, 'ledger_entries_one_per_withdrawal_kind', 'ledger_entries')
          ? new DuplicatePostingError(entry.withdrawalId ?? '', entry.kind)
          : undefined,
    });
    const lines: LineRow[] = entry.lines.map((line, position) => ({
      entry_id: entry.id,
      position,
      account: line.account,
      amount: line.amount.toString(),
    }));
    await this.writer.write(insertWrite('ledger_lines', lines, ['ledger_entries']));
  }

  async entriesForWallet(walletId: string): Promise<readonly LedgerEntry[]> {
    if (!isUuid(walletId)) return [];
    return this.withLines(
      await this.db<EntryRow>('ledger_entries').where({ wallet_id: walletId }).orderBy('posted_seq'),
    );
  }

  async entriesForWithdrawal(withdrawalId: string): Promise<readonly LedgerEntry[]> {
    if (!isUuid(withdrawalId)) return [];
    return this.withLines(
      await this.db<EntryRow>('ledger_entries').where({ withdrawal_id: withdrawalId }).orderBy('posted_seq'),
    );
  }

  private async withLines(entries: readonly EntryRow[]): Promise<readonly LedgerEntry[]> {
    if (entries.length === 0) return [];
    const lines = await this.db<LineRow>('ledger_lines')
      .whereIn(
        'entry_id',
        entries.map((e) => e.id),
      )
      .orderBy([{ column: 'entry_id' }, { column: 'position' }]);
    return entries.map((e) => ({
      id: e.id,
      kind: e.kind,
      walletId: e.wallet_id,
      withdrawalId: e.withdrawal_id,
      memo: e.memo,
      createdAt: e.created_at,
      lines: lines
        .filter((l) => l.entry_id === e.id)
        .map((l) => ({ account: l.account, amount: money(l.amount) })),
    }));
  }

  async creditedTotal(walletId: string): Promise<Money> {
    if (!isUuid(walletId)) return Money.ZERO;
    // Credits of archived months count too (migration 0025 keeps their sums).
    const result = await this.db.raw<{ rows: Array<{ total: string }> }>(
      `SELECT coalesce(sum(l.amount), 0)
              + (SELECT coalesce(sum(amount), 0) FROM ledger_archived_totals
                  WHERE account = ? AND kind = 'WALLET_CREDIT') AS total
         FROM ledger_entries e
         JOIN ledger_lines l ON l.entry_id = e.id AND l.account = ?
        WHERE e.wallet_id = ? AND e.kind = 'WALLET_CREDIT'`,
      [walletAccount(walletId), walletAccount(walletId), walletId],
    );
    return money(result.rows[0]?.total ?? '0');
  }

  async unbalancedEntryIds(): Promise<readonly string[]> {
    const rows: Array<{ id: string }> = await this.db('ledger_entries as e')
      .leftJoin('ledger_lines as l', 'l.entry_id', 'e.id')
      .groupBy('e.id')
      .havingRaw('coalesce(sum(l.amount), 0) <> 0')
      .orderBy('e.id')
      .select('e.id');
    return rows.map((row) => row.id);
  }

  async walletDrift(): Promise<readonly LedgerDrift[]> {
    // A wallet's postings are those in the database and the sums of its archived months (migration 0025).
    const result = await this.db.raw<{ rows: Array<{ id: string; balance: string; postings: string }> }>(
      `SELECT w.id, w.balance, coalesce(p.total, 0) + coalesce(a.total, 0) AS postings
         FROM wallets w
         LEFT JOIN (SELECT account, sum(amount) AS total FROM ledger_lines GROUP BY account) p
           ON p.account = ? || w.id::text
         LEFT JOIN (SELECT account, sum(amount) AS total FROM ledger_archived_totals GROUP BY account) a
           ON a.account = ? || w.id::text
        WHERE w.balance <> coalesce(p.total, 0) + coalesce(a.total, 0)
        ORDER BY w.id`,
      [WALLET_ACCOUNT_PREFIX, WALLET_ACCOUNT_PREFIX],
    );
    return result.rows.map((row) => ({
      walletId: row.id,
      balance: money(row.balance),
      postings: money(row.postings),
    }));
  }

  /**
   * Two sums over the ledger lines of the settlement accounts against two over the withdrawals, in one statement
   * so that both sides are read from the same snapshot.
   */
  async settlementDrift(): Promise<readonly SettlementDrift[]> {
    const transit = LEDGER_ACCOUNTS.payoutsInTransit;
    const result = await this.db.raw<{ rows: Array<{ account: string; postings: string; payouts: string }> }>(
      `WITH postings AS (
         SELECT CASE WHEN account = ? THEN account ELSE 'provider:' || split_part(account, ':', 2) END AS account,
                sum(amount) AS total
           FROM ledger_lines
          WHERE account = ? OR account LIKE 'provider:%:settled' OR account LIKE 'provider:%:fees'
          GROUP BY 1
       ), payouts AS (
         SELECT CASE WHEN status = 'SUCCESS' THEN 'provider:' || coalesce(rail_provider, ?) ELSE ? END AS account,
                sum(amount) AS total
           FROM withdrawals
          WHERE debited AND NOT reversed
          GROUP BY 1
       )
       SELECT account, coalesce(p.total, 0) AS postings, coalesce(w.total, 0) AS payouts
         FROM postings p FULL JOIN payouts w USING (account)
        WHERE coalesce(p.total, 0) <> coalesce(w.total, 0)
        ORDER BY account`,
      [transit, transit, UNRECORDED_PROVIDER, transit],
    );
    return result.rows.map((row) => ({
      account: row.account,
      postings: money(row.postings),
      payouts: money(row.payouts),
    }));
  }
}
