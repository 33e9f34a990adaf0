import type { Clock, ProviderBalance, ProviderBalanceReading } from '@payout/domain';
import { type FetchFunction, globalFetch, trimBaseUrl } from '../http/fetch-transport.js';
import { asObject } from '../http/json-fields.js';
import { moneyOfMinorUnits } from '../money/minor-units.js';
import { IncreaseHttpClient } from './increase-http.client.js';

export interface IncreaseBalanceOptions {
  readonly apiKey: string;
  readonly baseUrl: string;
  /** The account payouts leave from (INCREASE_ACCOUNT_ID). */
  readonly accountId: string;
  readonly timeoutMs: number;
  readonly clock: Clock;
  readonly fetch?: FetchFunction;
}

/**
 * The available balance of the Increase account payouts leave from: `GET /accounts/{id}/balance`, a
 * `BalanceLookup` (Increase's SDK, accounts.ts) whose `available_balance`, in cents, is the current balance less
 * the open pending transactions, which is what the next transfers can spend.
 */
export class IncreaseBalance implements ProviderBalance {
  readonly provider = 'increase';
  private readonly http: IncreaseHttpClient;

  constructor(private readonly options: IncreaseBalanceOptions) {
    this.http = new IncreaseHttpClient(
      trimBaseUrl(options.baseUrl),
      options.apiKey,
      options.fetch ?? globalFetch,
    );
  }

  async read(): Promise<ProviderBalanceReading> {
    const path = `/accounts/${encodeURIComponent(this.options.accountId)}/balance`;
    const shown = await this.http.read(
      path,
      AbortSignal.timeout(this.options.timeoutMs),
      this.options.clock.now(),
    );
    if (shown.kind !== 'READ') return { kind: 'UNAVAILABLE', detail: shown.detail };
    const available = moneyOfMinorUnits(
      asObject<{ available_balance?: unknown }>(shown.body).available_balance,
    );
    return available
      ? { kind: 'READ', available, currency: 'USD' }
      : { kind: 'UNAVAILABLE', detail: `Increase answered ${path} without an available_balance in cents` };
  }
}
