import type { Clock, LinkKind, RecipientCheck, RecipientValidator } from '@payout/domain';
import { type FetchFunction, globalFetch, trimBaseUrl } from '../http/fetch-transport.js';
import { asObject, text } from '../http/json-fields.js';
import { JsonHttpClient } from '../http/json-http.client.js';
import {
  type AccountRequirement,
  firstBroken,
  refreshing,
  requirementsOf,
} from './wise-account-requirements.js';
import { recipientOf, type WiseRecipient } from './wise-transfer-request.mapping.js';

export interface WiseAccountRequirementsValidatorOptions {
  readonly apiToken: string;
  readonly profileId: string;
  readonly baseUrl: string;
  readonly timeoutMs: number;
  readonly clock: Clock;
  readonly fetch?: FetchFunction;
}

/**
 * The amount the requirements are asked for: a link has none, and Wise prices requirements by quote. The
 * transfer's own requirements are asked again with the withdrawal's amount (wise-transfer-requirements.ts).
 */
const QUOTED_USD = 1000;
/** Each POST of the filled form can bring fields again (a state once the country is known): a few rounds at most. */
const MAX_REFRESHES = 3;
/** v1.1 of the requirements: the account holder's name and email are among the fields (Wise's definition). */
const MINOR_VERSION = { 'accept-minor-version': '1' };

type Fields = { readonly kind: 'FIELDS'; readonly fields: AccountRequirement[] } | RecipientCheck;

/**
 * An international bank link checked against Wise's account requirements before it is linked, as Wise asks a
 * recipient form to be built (docs.wise.com, "Retrieve recipient account requirements dynamically"): a quote of
 * the profile for the account's currency, `GET /v1/quotes/{quoteId}/account-requirements`, then the recipient as
 * `POST /v1/accounts` would take it posted to the same path while a field it sets can bring others
 * (`refreshRequirementsOnChange`). Every field of the `swift_code` group is then checked: present when required,
 * among the values allowed, within its lengths, matching its pattern. The first broken one refuses the link,
 * naming the link's field and why. Other kinds are not Wise's to check.
 */
export class WiseAccountRequirementsValidator implements RecipientValidator {
  private readonly http: JsonHttpClient;

  constructor(private readonly options: WiseAccountRequirementsValidatorOptions) {
    this.http = new JsonHttpClient(
      'Wise',
      trimBaseUrl(options.baseUrl),
      `Bearer ${options.apiToken}`,
      options.fetch ?? globalFetch,
    );
  }

  async check(kind: LinkKind, destination: Readonly<Record<string, string>>): Promise<RecipientCheck> {
    if (kind !== 'international_bank') return { kind: 'VALID' };
    const signal = AbortSignal.timeout(this.options.timeoutMs);
    const recipient = recipientOf(destination, this.options.profileId);
    const quoteId = await this.quote(recipient.currency, signal);
    if (typeof quoteId !== 'string') return quoteId;
    const path = `/v1/quotes/${encodeURIComponent(quoteId)}/account-requirements`;
    let asked = await this.requirements({ method: 'GET', path }, recipient.type, signal);
    let refreshed: string[] = [];
    for (let round = 0; asked.kind === 'FIELDS' && round < MAX_REFRESHES; round += 1) {
      const refresh = refreshing(asked.fields, recipient);
      if (refresh.every((key) => refreshed.includes(key))) break;
      refreshed = refresh;
      asked = await this.requirements({ method: 'POST', path, payload: recipient }, recipient.type, signal);
    }
    if (asked.kind !== 'FIELDS') return asked;
    const broken = firstBroken(asked.fields, recipient);
    return broken ? { kind: 'INVALID', ...broken } : { kind: 'VALID' };
  }

  /** A quote of the profile, USD to the account's currency: the requirements are the route's. */
  private async quote(currency: string, signal: AbortSignal): Promise<string | RecipientCheck> {
    const path = `/v3/profiles/${encodeURIComponent(this.options.profileId)}/quotes`;
    const payload = { sourceCurrency: 'USD', targetCurrency: currency, sourceAmount: QUOTED_USD };
    const answered = await this.http.call({ method: 'POST', path, payload }, signal);
    if (!answered.ok) return { kind: 'UNAVAILABLE', detail: answered.error };
    const id = text(asObject<{ id?: unknown }>(answered.value.body).id);
    return answered.value.status === 200 && id
      ? id
      : { kind: 'UNAVAILABLE', detail: `Wise answered ${answered.value.status} to the quote` };
  }

  private async requirements(
    request: { method: 'GET' | 'POST'; path: string; payload?: WiseRecipient },
    type: string,
    signal: AbortSignal,
  ): Promise<Fields> {
    const answered = await this.http.call({ ...request, headers: MINOR_VERSION }, signal);
    if (!answered.ok) return { kind: 'UNAVAILABLE', detail: answered.error };
    const { status, body } = answered.value;
    if (status !== 200) return { kind: 'UNAVAILABLE', detail: `Wise answered ${status} for ${request.path}` };
    const fields = requirementsOf(body, type);
    return fields
      ? { kind: 'FIELDS', fields }
      : { kind: 'UNAVAILABLE', detail: `Wise's requirements for the route have no ${type} account` };
  }
}
