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

  async submitAttempts(withdrawalId: string): Promise<number> {
    const row = await this.knex('withdrawals').where({ id: withdrawalId }).first('submit_attempts');
    return Number(row.submit_attempts);
  }
}
