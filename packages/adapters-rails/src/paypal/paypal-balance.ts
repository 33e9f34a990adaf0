import type { Clock, ProviderBalance, ProviderBalanceReading } from '@payout/domain';
import { type FetchFunction, globalFetch, trimBaseUrl } from '../http/fetch-transport.js';
import { asArray, asObject, text } from '../http/json-fields.js';
import { moneyOfDecimal } from '../money/minor-units.js';
import { PayPalHttpClient } from './paypal-http.client.js';
import { PayPalOAuthClient } from './paypal-oauth.client.js';

export interface PayPalBalanceOptions {
  readonly baseUrl: string;
  readonly clientId: string;
  readonly clientSecret: string;
  readonly timeoutMs: number;
  readonly clock: Clock;
  readonly fetch?: FetchFunction;
  /** Shared with the rails, so that one token serves both. */
  readonly oauth?: PayPalOAuthClient;
}

const PATH = '/v1/reporting/balances?currency_code=USD';

interface PayPalBalanceBody {
  readonly currency?: unknown;
  readonly available_balance?: { readonly currency_code?: unknown; readonly value?: unknown };
}

/**
 * The USD balance payouts are paid from: PayPal's List all balances (`GET /v1/reporting/balances`, Transaction
 * Search API; the app needs its reporting permission), whose `balances[].available_balance` is a decimal string.
 */
export class PayPalBalance implements ProviderBalance {
  readonly provider = 'paypal';
  private readonly http: PayPalHttpClient;

  constructor(private readonly options: PayPalBalanceOptions) {
    const oauth = options.oauth ?? new PayPalOAuthClient(options);
    this.http = new PayPalHttpClient(trimBaseUrl(options.baseUrl), oauth, options.fetch ?? globalFetch);
  }

  async read(): Promise<ProviderBalanceReading> {
    const answered = await this.http.call(
      'GET',
      PATH,
      undefined,
      AbortSignal.timeout(this.options.timeoutMs),
    );
    if (!answered.ok) return { kind: 'UNAVAILABLE', detail: answered.error };
    if (answered.value.status !== 200)
      return { kind: 'UNAVAILABLE', detail: `PayPal answered ${answered.value.status} for ${PATH}` };
    const balances = asArray<unknown>(asObject<{ balances?: unknown }>(answered.value.body).balances);
    const usd = balances
      .map((b) => asObject<PayPalBalanceBody>(b))
      .find((b) => text(b.currency) === 'USD' || text(asObject(b.available_balance).currency_code) === 'USD');
    const available = usd && moneyOfDecimal(asObject(usd.available_balance).value);
    return available
      ? { kind: 'READ', available, currency: 'USD' }
      : { kind: 'UNAVAILABLE', detail: 'PayPal lists no available USD balance' };
  }
}
