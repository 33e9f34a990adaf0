import type { Clock, ProviderBalance, ProviderBalanceReading } from '@payout/domain';
import { type FetchFunction, globalFetch, trimBaseUrl } from '../http/fetch-transport.js';
import { asArray, asObject, text } from '../http/json-fields.js';
import { JsonHttpClient } from '../http/json-http.client.js';
import { moneyOfDecimal } from '../money/minor-units.js';

export interface WiseBalanceOptions {
  readonly apiToken: string;
  readonly profileId: string;
  readonly baseUrl: string;
  readonly timeoutMs: number;
  readonly clock: Clock;
  readonly fetch?: FetchFunction;
}

interface WiseBalanceBody {
  readonly currency?: unknown;
  readonly amount?: { readonly value?: unknown; readonly currency?: unknown };
}

/**
 * The USD balance Wise funds payouts from: `GET /v4/profiles/{profileId}/balances?types=STANDARD` (Wise's API
 * reference, "Balance"), whose `amount.value` is a JSON number of the balance's currency; read from its text only
 * when it has at most two decimals, as every USD amount does.
 */
export class WiseBalance implements ProviderBalance {
  readonly provider = 'wise';
  private readonly http: JsonHttpClient;

  constructor(private readonly options: WiseBalanceOptions) {
    this.http = new JsonHttpClient(
      'Wise',
      trimBaseUrl(options.baseUrl),
      `Bearer ${options.apiToken}`,
      options.fetch ?? globalFetch,
    );
  }

  async read(): Promise<ProviderBalanceReading> {
    const path = `/v4/profiles/${encodeURIComponent(this.options.profileId)}/balances?types=STANDARD`;
    const shown = await this.http.read(
      path,
      AbortSignal.timeout(this.options.timeoutMs),
      this.options.clock.now(),
    );
    if (shown.kind !== 'READ') return { kind: 'UNAVAILABLE', detail: shown.detail };
    const usd = asArray<unknown>(shown.body)
      .map((b) => asObject<WiseBalanceBody>(b))
      .find((b) => text(b.currency) === 'USD');
    const value = usd && asObject(usd.amount).value;
    const available = typeof value === 'number' ? moneyOfDecimal(String(value)) : undefined;
    return available
      ? { kind: 'READ', available, currency: 'USD' }
      : { kind: 'UNAVAILABLE', detail: 'Wise lists no USD balance on the profile' };
  }
}
