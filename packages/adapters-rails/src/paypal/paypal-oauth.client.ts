import { type Clock, err, ok, type Result } from '@payout/domain';
import {
  type FetchFunction,
  globalFetch,
  parseJson,
  transportFailure,
  trimBaseUrl,
} from '../http/fetch-transport.js';
import { asObject, text } from '../http/json-fields.js';
import type { PayPalTokenBody } from './paypal-api.types.js';

export interface PayPalOAuthClientOptions {
  readonly baseUrl: string;
  readonly clientId: string;
  readonly clientSecret: string;
  readonly clock: Clock;
  readonly fetch?: FetchFunction;
}

/** Renew this long before PayPal's expiry (at most a tenth of the token's life), so no call carries a dying token. */
const RENEW_MARGIN_MS = 60_000;

interface CachedToken {
  readonly value: string;
  readonly renewAt: number;
}

/**
 * OAuth2 client credentials for the PayPal REST APIs. One token serves every call until shortly before it
 * expires (time from the injected clock); concurrent callers share one token request. Failures come back as a
 * detail text that never carries the credentials or the token.
 */
export class PayPalOAuthClient {
  private cached: CachedToken | null = null;
  private inFlight: Promise<Result<string, string>> | null = null;

  private readonly baseUrl: string;
  private readonly fetch: FetchFunction;

  constructor(private readonly options: PayPalOAuthClientOptions) {
    this.baseUrl = trimBaseUrl(options.baseUrl);
    this.fetch = options.fetch ?? globalFetch;
  }

  async accessToken(signal: AbortSignal): Promise<Result<string, string>> {
    if (this.cached && this.options.clock.now().getTime() < this.cached.renewAt) return ok(this.cached.value);
    this.inFlight ??= this.request(signal).finally(() => {
      this.inFlight = null;
    });
    return this.inFlight;
  }

  /** After a 401: forget `token` unless a newer one already replaced it. */
  invalidate(token: string): void {
    if (this.cached?.value === token) this.cached = null;
  }

  private async request(signal: AbortSignal): Promise<Result<string, string>> {
    const { clientId, clientSecret, clock } = this.options;
    const credentials = Buffer.from(`${clientId}:${clientSecret}`).toString('base64');
    let response: Response;
    let body: PayPalTokenBody;
    try {
      response = await this.fetch(`${this.baseUrl}/v1/oauth2/token`, {
        method: 'POST',
        headers: {
          authorization: `Basic ${credentials}`,
          accept: 'application/json',
          'content-type': 'application/x-www-form-urlencoded',
        },
        body: 'grant_type=client_credentials',
        signal,
      });
      body = asObject<PayPalTokenBody>(parseJson(await response.text()));
    } catch (error) {
      return err(`PayPal token request ${transportFailure(error)}`);
    }
    const token = text(body.access_token);
    const lifetimeMs = typeof body.expires_in === 'number' ? body.expires_in * 1000 : 0;
    if (!response.ok || !token || lifetimeMs <= 0)
      return err(`PayPal token endpoint answered ${response.status} ${text(body.error) ?? ''}`.trim());
    const renewAt = clock.now().getTime() + lifetimeMs - Math.min(RENEW_MARGIN_MS, lifetimeMs / 10);
    this.cached = { value: token, renewAt };
    return ok(token);
  }
}
