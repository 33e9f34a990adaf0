import { err, ok, type RailSubmitResult, type Result } from '@payout/domain';
import { type FetchFunction, parseJson, transportFailure } from './fetch-transport.js';
import { unansweredRead } from './retry-after.js';

export interface JsonResponse {
  readonly status: number;
  /** The parsed JSON body; `undefined` when the body was empty or not JSON. */
  readonly body: unknown;
  /** The raw `Retry-After` header, when the provider sent one (a 429, a 503). */
  readonly retryAfter: string | null;
  /** Every header of the answer, for a provider that answers in one (Wise's SCA one-time token). */
  readonly headers?: Headers;
}

export interface JsonRequest {
  readonly method: 'GET' | 'POST';
  readonly path: string;
  readonly payload?: unknown;
  /** The body already serialized, when the caller writes amounts as exact decimal literals; else `payload`'s JSON. */
  readonly json?: string;
  readonly idempotencyKey?: string;
  /** Headers of this request alone (Wise's signed SCA approval). */
  readonly headers?: Readonly<Record<string, string>>;
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
          ...request.headers,
        },
        body,
        signal,
      });
      const raw = await response.text();
      return ok({
        status: response.status,
        body: parseJson(raw),
        retryAfter: response.headers.get('retry-after'),
        headers: response.headers,
      });
    } catch (error) {
      return err(`${this.provider} ${method} ${path} ${transportFailure(error)}`);
    }
  }

  /**
   * A GET of `path`: its body on a 200, else unavailable, held back by a 429's or 503's `Retry-After` (read against
   * `now`). Even a 404 is no answer: an id the provider gave may name what this configuration cannot see (a sandbox
   * key against production), and reading it as "gone" could refund a paid withdrawal.
   */
  async read(
    path: string,
    signal: AbortSignal,
    now: Date,
  ): Promise<{ kind: 'READ'; body: unknown } | Extract<RailSubmitResult, { kind: 'UNAVAILABLE' }>> {
    const answered = await this.call({ method: 'GET', path }, signal);
    if (!answered.ok) return { kind: 'UNAVAILABLE', detail: answered.error };
    if (answered.value.status !== 200) return unansweredRead(this.provider, answered.value, path, now);
    return { kind: 'READ', body: answered.value.body };
  }
}
