import { err, ok, type Result } from '@payout/domain';
import { type FetchFunction, parseJson, transportFailure } from '../http/fetch-transport.js';
import type { PayPalOAuthClient } from './paypal-oauth.client.js';

export interface PayPalResponse {
  readonly status: number;
  /** The parsed JSON body; `undefined` when the body was empty or not JSON. */
  readonly body: unknown;
  /** The raw `Retry-After` header, when PayPal sent one (a 429, a 503). */
  readonly retryAfter?: string | null;
}

/**
 * Authorized JSON calls to the PayPal REST APIs. A 401 means the cached token died early (revoked, or PayPal
 * rotated it): the token is renewed and the call repeated once. Every HTTP answer, whatever its status, comes
 * back as a response; no answer at all (timeout, network failure, no token) comes back as an error text. A
 * string payload is JSON the caller serialized, sent as it is.
 */
export class PayPalHttpClient {
  constructor(
    private readonly baseUrl: string,
    private readonly tokens: PayPalOAuthClient,
    private readonly fetch: FetchFunction,
  ) {}

  async call(
    method: 'GET' | 'POST',
    path: string,
    payload: unknown,
    signal: AbortSignal,
  ): Promise<Result<PayPalResponse, string>> {
    const first = await this.attempt(method, path, payload, signal);
    if (!first.ok || first.value.response.status !== 401) return mapOk(first);
    this.tokens.invalidate(first.value.token);
    return mapOk(await this.attempt(method, path, payload, signal));
  }

  private async attempt(
    method: 'GET' | 'POST',
    path: string,
    payload: unknown,
    signal: AbortSignal,
  ): Promise<Result<{ token: string; response: PayPalResponse }, string>> {
    const token = await this.tokens.accessToken(signal);
    if (!token.ok) return token;
    try {
      const response = await this.fetch(`${this.baseUrl}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${token.value}`,
          accept: 'application/json',
          ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: payload === undefined || typeof payload === 'string' ? payload : JSON.stringify(payload),
        signal,
      });
      const raw = await response.text();
      return ok({
        token: token.value,
        response: {
          status: response.status,
          body: parseJson(raw),
          retryAfter: response.headers.get('retry-after'),
        },
      });
    } catch (error) {
      return err(`PayPal ${method} ${path} ${transportFailure(error)}`);
    }
  }
}

const mapOk = (
  result: Result<{ token: string; response: PayPalResponse }, string>,
): Result<PayPalResponse, string> => (result.ok ? ok(result.value.response) : result);
