import type { Clock, LinkKind, RecipientCheck, RecipientValidator } from '@payout/domain';
import { type FetchFunction, globalFetch, trimBaseUrl } from '../http/fetch-transport.js';
import { type ModernTreasuryCredentials, ModernTreasuryHttpClient } from './modern-treasury-http.client.js';

export interface ModernTreasuryRoutingNumberValidatorOptions extends ModernTreasuryCredentials {
  readonly baseUrl: string;
  readonly timeoutMs: number;
  readonly clock: Clock;
  readonly fetch?: FetchFunction;
}

/** What each kind's details are checked by: the field, its routing number type, and the link body's name for it. */
const CHECKED: Partial<Record<LinkKind, { detail: string; type: 'aba' | 'swift'; field: string }>> = {
  bank: { detail: 'routingNumber', type: 'aba', field: 'data.routingNumber' },
  international_bank: { detail: 'swiftOrBic', type: 'swift', field: 'data.swiftOrBic' },
};

/**
 * A bank link's ABA routing number, or an international link's BIC, checked with Modern Treasury before it is
 * linked: `GET /api/validations/routing_numbers` (its SDK, validations.ts `validateRoutingNumber`), which answers
 * the bank (200) or refuses the number (4xx with its error envelope: 404 or 422). Other kinds are not Modern
 * Treasury's to check.
 */
export class ModernTreasuryRoutingNumberValidator implements RecipientValidator {
  private readonly http: ModernTreasuryHttpClient;

  constructor(private readonly options: ModernTreasuryRoutingNumberValidatorOptions) {
    this.http = new ModernTreasuryHttpClient(
      trimBaseUrl(options.baseUrl),
      options,
      options.fetch ?? globalFetch,
    );
  }

  async check(kind: LinkKind, destination: Readonly<Record<string, string>>): Promise<RecipientCheck> {
    const checked = CHECKED[kind];
    const value = checked && destination[checked.detail];
    if (!checked || value === undefined) return { kind: 'VALID' };
    const number = value.replace(/\s/g, '').toUpperCase();
    const path = `/api/validations/routing_numbers?routing_number=${encodeURIComponent(number)}&routing_number_type=${checked.type}`;
    const answered = await this.http.call(
      { method: 'GET', path },
      AbortSignal.timeout(this.options.timeoutMs),
    );
    if (!answered.ok) return { kind: 'UNAVAILABLE', detail: answered.error };
    const { status } = answered.value;
    if (status === 200) return { kind: 'VALID' };
    if (status === 404 || status === 422)
      return {
        kind: 'INVALID',
        field: checked.field,
        message: `${checked.field} names no bank that can receive payouts`,
      };
    return {
      kind: 'UNAVAILABLE',
      detail: `Modern Treasury answered ${status} for the routing number lookup`,
    };
  }
}
