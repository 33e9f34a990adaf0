import type { KeyObject } from 'node:crypto';
import type { Clock, RailSubmitResult } from '@payout/domain';
import type { FetchFunction } from '../http/fetch-transport.js';
import { JsonHttpClient, type JsonRequest, type JsonResponse } from '../http/json-http.client.js';
import { refusalOf, type WiseStep } from './wise-refusal.mapping.js';
import { approvalHeaders, ONE_TIME_TOKEN_HEADER } from './wise-sca.js';
import { FUND_FROM_BALANCE } from './wise-transfer-request.mapping.js';

/** A step's answer: its body on a 2xx, else what the refusal or the silence means for the withdrawal. */
export type Created =
  | { readonly kind: 'CREATED'; readonly body: unknown }
  | Exclude<RailSubmitResult, { kind: 'ACCEPTED' | 'SETTLED' }>;

export const unavailable = (detail: string): Extract<RailSubmitResult, { kind: 'UNAVAILABLE' }> => ({
  kind: 'UNAVAILABLE',
  detail,
});

/** The calls of Wise's send-money flow for one profile, with the bearer token and, when configured, the SCA key. */
export class WiseApi {
  private readonly http: JsonHttpClient;

  constructor(
    baseUrl: string,
    apiToken: string,
    fetch: FetchFunction,
    private readonly profileId: string,
    private readonly clock: Clock,
    private readonly scaKey: KeyObject | null,
  ) {
    this.http = new JsonHttpClient('Wise', baseUrl, `Bearer ${apiToken}`, fetch);
  }

  /** The profile's own path (quotes and fundings live under it). */
  get profilePath(): string {
    return `/v3/profiles/${encodeURIComponent(this.profileId)}`;
  }

  /** One POST of the flow. */
  async create(step: WiseStep, path: string, json: string, signal: AbortSignal): Promise<Created> {
    const answered = await this.http.call({ method: 'POST', path, json }, signal);
    return answered.ok ? this.outcome(step, answered.value) : unavailable(answered.error);
  }

  /** `GET /v1/transfers/{id}`: its body, or unavailable (JsonHttpClient.read: a 404 is no answer either). */
  transfer(reference: string, signal: AbortSignal) {
    return this.http.read(`/v1/transfers/${encodeURIComponent(reference)}`, signal, this.clock.now());
  }

  /**
   * The funding of the transfer from our balance. When Wise protects it with SCA (a 403 with a one-time token), it
   * is made again with the token signed; without a key it stays unavailable, saying what is missing.
   */
  async fund(reference: string, signal: AbortSignal): Promise<Created> {
    const request: JsonRequest = {
      method: 'POST',
      path: `${this.profilePath}/transfers/${encodeURIComponent(reference)}/payments`,
      json: FUND_FROM_BALANCE,
    };
    const first = await this.http.call(request, signal);
    if (!first.ok) return unavailable(first.error);
    const oneTimeToken = first.value.status === 403 ? first.value.headers?.get(ONE_TIME_TOKEN_HEADER) : null;
    if (!oneTimeToken) return this.outcome('funding', first.value);
    if (!this.scaKey)
      return unavailable(
        'Wise asks for SCA to fund the transfer and no signing key is configured (WISE_SCA_PRIVATE_KEY)',
      );
    const headers = approvalHeaders(oneTimeToken, this.scaKey);
    const signed = await this.http.call({ ...request, headers }, signal);
    if (!signed.ok) return unavailable(signed.error);
    if (signed.value.status === 403)
      return unavailable(
        "Wise refused the signed SCA approval of the funding: is the key's public half uploaded?",
      );
    return this.outcome('funding', signed.value);
  }

  private outcome(step: WiseStep, response: JsonResponse): Created {
    return response.status >= 200 && response.status < 300
      ? { kind: 'CREATED', body: response.body }
      : refusalOf(step, response, this.clock.now());
  }
}
