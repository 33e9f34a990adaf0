import { err, ok, type Result } from '@payout/domain';
import { type FetchFunction, parseJson, transportFailure } from './fetch-transport.js';

export interface JsonResponse {
  readonly status: number;
  /** The parsed JSON body; `undefined` when the body was empty or not JSON. */
  readonly body: unknown;
  /** The raw `Retry-After` header, when the provider sent one (a 429, a 503). */
  readonly retryAfter: string | null;
}

export interface JsonRequest {
  readonly method: 'GET' | 'POST';
  readonly path: string;
  readonly payload?: unknown;
  /** The body already serialized, when the caller writes amounts as exact decimal literals; else `payload`'s JSON. */
  readonly json?: string;
  readonly idempotencyKey?: string;
}

/**
 * JSON calls to a provider's API with a fixed `Authorization` header. Every HTTP answer, whatever its status,
 * comes back as a response; no answer at all (timeout, network failure) comes back as an error text naming the
 * provider, the method and the path, never the credentials or the body. A create carries the idempotency key.
 */
export class JsonHttpClient {
  constructor(
    private readonly provider: string,
    private readonly baseUrl: string,
    private readonly authorization: string,
    private readonly fetch: FetchFunction,
  ) {}

  async call(request: JsonRequest, signal: AbortSignal): Promise<Result<JsonResponse, string>> {
    const { method, path, payload, idempotencyKey } = request;
    const body = request.json ?? (payload === undefined ? undefined : JSON.stringify(payload));
    try {
      const response = await this.fetch(`${this.baseUrl}${path}`, {
        method,
        headers: {
          authorization: this.authorization,
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...(idempotencyKey === undefined ? {} : { 'idempotency-key': idempotencyKey }),
        },
        body,
        signal,
      });
      const raw = await response.text();
      return ok({
        status: response.status,
        body: parseJson(raw),
        retryAfter: response.headers.get('retry-after'),
      });
    } catch (error) {
      return err(`${this.provider} ${method} ${path} ${transportFailure(error)}`);
    }
  }
}
