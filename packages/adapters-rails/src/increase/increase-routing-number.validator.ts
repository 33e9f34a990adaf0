import type { Clock, LinkKind, RecipientCheck, RecipientValidator } from '@payout/domain';
import { type FetchFunction, globalFetch, trimBaseUrl } from '../http/fetch-transport.js';
import { asArray, asObject, text } from '../http/json-fields.js';
import { IncreaseHttpClient } from './increase-http.client.js';

export interface IncreaseRoutingNumberValidatorOptions {
  readonly apiKey: string;
  readonly baseUrl: string;
  readonly timeoutMs: number;
  readonly clock: Clock;
  readonly fetch?: FetchFunction;
}

interface RoutingNumberBody {
  readonly ach_transfers?: unknown;
  readonly real_time_payments_transfers?: unknown;
  readonly wire_transfers?: unknown;
}

const FIELD = 'data.routingNumber';

/**
 * A bank link's routing number checked with Increase before it is linked: `GET /routing_numbers?routing_number=…`
 * (Increase's SDK, routing-numbers.ts: "confirm if a routing number is valid, such as when a user is providing you
 * with bank account details"), which lists the bank or nothing. A routing number Increase knows no bank for, or
 * whose bank takes none of ACH, RTP and wire transfers, is refused; other kinds are not Increase's to check.
 */
export class IncreaseRoutingNumberValidator implements RecipientValidator {
  private readonly http: IncreaseHttpClient;

  constructor(private readonly options: IncreaseRoutingNumberValidatorOptions) {
    this.http = new IncreaseHttpClient(
      trimBaseUrl(options.baseUrl),
      options.apiKey,
      options.fetch ?? globalFetch,
    );
  }

  async check(kind: LinkKind, destination: Readonly<Record<string, string>>): Promise<RecipientCheck> {
    const routing = destination.routingNumber;
    if (kind !== 'bank' || routing === undefined) return { kind: 'VALID' };
    const path = `/routing_numbers?routing_number=${encodeURIComponent(routing)}`;
    const listed = await this.http.read(
      path,
      AbortSignal.timeout(this.options.timeoutMs),
      this.options.clock.now(),
    );
    if (listed.kind !== 'READ') return listed;
    const data = asObject<{ data?: unknown }>(listed.body).data;
    if (!Array.isArray(data))
      return { kind: 'UNAVAILABLE', detail: 'Increase answered the lookup without a list' };
    const bank = asArray<unknown>(data).map((entry) => asObject<RoutingNumberBody>(entry))[0];
    if (!bank)
      return { kind: 'INVALID', field: FIELD, message: `${FIELD} names no bank that can receive payouts` };
    const supports = [bank.ach_transfers, bank.real_time_payments_transfers, bank.wire_transfers].some(
      (support) => text(support) === 'supported',
    );
    return supports
      ? { kind: 'VALID' }
      : {
          kind: 'INVALID',
          field: FIELD,
          message: `${FIELD} names a bank that takes no ACH, RTP or wire transfers`,
        };
  }
}
