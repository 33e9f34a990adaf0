import type { Clock, ProviderBalance, ProviderBalanceReading } from '@payout/domain';
import { type FetchFunction, globalFetch, trimBaseUrl } from '../http/fetch-transport.js';
import { asArray, asObject, text } from '../http/json-fields.js';
import { moneyOfMinorUnits } from '../money/minor-units.js';
import { type ModernTreasuryCredentials, ModernTreasuryHttpClient } from './modern-treasury-http.client.js';

export interface ModernTreasuryBalanceOptions extends ModernTreasuryCredentials {
  readonly baseUrl: string;
  /** The internal account payouts leave from (MODERN_TREASURY_ORIGINATING_ACCOUNT_ID). */
  readonly internalAccountId: string;
  readonly timeoutMs: number;
  readonly clock: Clock;
  readonly fetch?: FetchFunction;
}

/** The balances a report may carry, the most current first (BalanceReport.Balance.balance_type). */
const PREFERRED = ['current_available', 'closing_available', 'opening_available'];

interface BalanceBody {
  readonly balance_type?: unknown;
  readonly amount?: unknown;
  readonly currency?: unknown;
}

/**
 * The available balance of the internal account payouts leave from, as its bank last reported it:
 * `GET /api/internal_accounts/{id}/balance_reports/latest` (Modern Treasury's SDK, internal-accounts/
 * balance-reports.ts), whose `balances` hold amounts in the currency's smallest unit; the current available
 * balance when the report has one, else the day's closing or opening available balance.
 */
export class ModernTreasuryBalance implements ProviderBalance {
  readonly provider = 'modern_treasury';
  private readonly http: ModernTreasuryHttpClient;

  constructor(private readonly options: ModernTreasuryBalanceOptions) {
    this.http = new ModernTreasuryHttpClient(
      trimBaseUrl(options.baseUrl),
      options,
      options.fetch ?? globalFetch,
    );
  }

  async read(): Promise<ProviderBalanceReading> {
    const path = `/api/internal_accounts/${encodeURIComponent(this.options.internalAccountId)}/balance_reports/latest`;
    const shown = await this.http.read(
      path,
      AbortSignal.timeout(this.options.timeoutMs),
      this.options.clock.now(),
    );
    if (shown.kind !== 'READ') return { kind: 'UNAVAILABLE', detail: shown.detail };
    const balances = asArray<unknown>(asObject<{ balances?: unknown }>(shown.body).balances).map((b) =>
      asObject<BalanceBody>(b),
    );
    for (const type of PREFERRED) {
      const balance = balances.find((b) => text(b.balance_type) === type);
      const available = balance && moneyOfMinorUnits(balance.amount);
      const currency = balance && text(balance.currency);
      if (available && currency) return { kind: 'READ', available, currency };
    }
    return { kind: 'UNAVAILABLE', detail: `Modern Treasury answered ${path} without an available balance` };
  }
}
