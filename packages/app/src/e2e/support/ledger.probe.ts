import type { Knex } from 'knex';

/**
 * The postings a withdrawal ends with: its debit; its settlement once its provider confirmed it; and when it failed,
 * its reversal, after the return of its settlement if it had settled (docs/reconciliation.md#accounts).
 */
export function postingsOf(final: 'SUCCESS' | 'FAILED', settled: boolean): Record<string, number> {
  if (final === 'SUCCESS') return { WITHDRAWAL_DEBIT: 1, PAYOUT_SETTLEMENT: 1 };
  return settled
    ? { WITHDRAWAL_DEBIT: 1, PAYOUT_SETTLEMENT: 1, SETTLEMENT_RETURN: 1, WITHDRAWAL_REVERSAL: 1 }
    : { WITHDRAWAL_DEBIT: 1, WITHDRAWAL_REVERSAL: 1 };
}

/**
 * Reads the ledger straight from PostgreSQL: the API shows balances only in link responses, and the number of
 * reversal postings per withdrawal is exactly what "reversed once" means.
 */
export class LedgerProbe {
  constructor(private readonly knex: Knex) {}

  async balance(walletId: string): Promise<string> {
    const row = await this.knex('wallets').where({ id: walletId }).first('balance');
    return String(row.balance);
  }

  /** How many postings of each kind a withdrawal has, e.g. `{WITHDRAWAL_DEBIT: 1, WITHDRAWAL_REVERSAL: 1}`. */
  async postings(withdrawalId: string): Promise<Record<string, number>> {
    const rows: { kind: string; n: string }[] = await this.knex('ledger_entries')
      .where({ withdrawal_id: withdrawalId })
      .groupBy('kind')
      .select('kind', this.knex.raw('count(*) as n'));
    return Object.fromEntries(rows.map((r) => [r.kind, Number(r.n)]));
  }

  /** The sum of every line the ledger posted to the wallet's account: what its balance must be. */
  async postedToWallet(walletId: string): Promise<string> {
    const row = await this.knex('ledger_lines')
      .where({ account: `wallet:${walletId}` })
      .first(this.knex.raw('coalesce(sum(amount), 0)::numeric(20,2)::text as total'));
    return String(row.total);
  }

  /** The ids of the wallet's ledger entries whose lines do not sum to zero: none, in a sound ledger. */
  async unbalancedEntries(walletId: string): Promise<string[]> {
    const rows: { id: string }[] = await this.knex('ledger_entries as e')
      .join('ledger_lines as l', 'l.entry_id', 'e.id')
      .where('e.wallet_id', walletId)
      .groupBy('e.id')
      .havingRaw('sum(l.amount) <> 0')
      .select('e.id');
    return rows.map((r) => r.id);
  }

  async submitAttempts(withdrawalId: string): Promise<number> {
    const row = await this.knex('withdrawals').where({ id: withdrawalId }).first('submit_attempts');
    return Number(row.submit_attempts);
  }
}
