import { err, ok, type Result } from '@payout/domain';
import { type FetchFunction, parseJson, transportFailure } from '../http/fetch-transport.js';

export interface IncreaseResponse {
  readonly status: number;
  /** The parsed JSON body; `undefined` when the body was empty or not JSON. */
  readonly body: unknown;
  /** The raw `Retry-After` header, when Increase sent one (a 429, a 503). */
  readonly retryAfter: string | null;
}

/**
 * JSON calls to Increase's API with the API key as a bearer token. Every HTTP answer, whatever its status, comes
 * back as a response; no answer at all (timeout, network failure) comes back as an error text. A create carries
 * the idempotency key: Increase creates at most one object per key and answers a repeat with that object.
 */
export class IncreaseHttpClient {
  constructor(
    private readonly baseUrl: string,
    private readonly apiKey: string,
    private readonly fetch: FetchFunction,
  ) {}

  async call(
    request: { method: 'GET' | 'POST'; path: string; payload?: unknown; idempotencyKey?: string },
    signal: AbortSignal,
  ): Promise<Result<IncreaseResponse, string>> {
    const { method, path, payload, idempotencyKey } = request;
    try {
      const response = await this.fetch(`${this.baseUrl}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${this.apiKey}`,
          accept: 'application/json',
          ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
          ...(idempotencyKey === undefined ? {} : { 'idempotency-key': idempotencyKey }),
        },
        body: payload === undefined ? undefined : JSON.stringify(payload),
        signal,
      });
      const raw = await response.text();
      return ok({
        status: response.status,
        body: parseJson(raw),
        retryAfter: response.headers.get('retry-after'),
      });
    } catch (error) {
      return err(`Increase ${method} ${path} ${transportFailure(error)}`);
    }
  }
}
