import type { ProviderBalanceStore, StoredProviderBalance } from '@payout/domain';
import type { Knex } from 'knex';
import { money } from '../repositories/columns.js';

interface BalanceRow {
  provider: string;
  available: string;
  currency: string;
  read_at: Date;
}

/**
 * ProviderBalanceStore on PostgreSQL (migration provider-balances): one row per provider, replaced by a later read only, so that
 * two workers' overlapping reads leave the later one. `latest` is one small read, cheap at every scrape.
 */
export class KnexProviderBalances implements ProviderBalanceStore {
  constructor(private readonly knex: Knex) {}

  async record(balance: StoredProviderBalance): Promise<void> {
    await this.knex.raw(
      `INSERT INTO provider_balances (provider, available, currency, read_at) VALUES (?, ?, ?, ?)
       ON CONFLICT (provider) DO UPDATE SET available = EXCLUDED.available, currency = EXCLUDED.currency,
         read_at = EXCLUDED.read_at
       WHERE provider_balances.read_at <= EXCLUDED.read_at`,
      [balance.provider, balance.available.toString(), balance.currency, balance.readAt],
    );
  }

  async latest(): Promise<readonly StoredProviderBalance[]> {
    const rows = await this.knex<BalanceRow>('provider_balances').orderBy('provider');
    return rows.map((row) => ({
      provider: row.provider,
      available: money(row.available),
      currency: row.currency,
      readAt: row.read_at,
    }));
  }
}
