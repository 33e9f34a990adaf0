import { err, ok, type Result } from '@payout/domain';
import { type FetchFunction, parseJson, transportFailure } from './fetch-transport.js';

export interface JsonResponse {
  readonly status: number;
  /** The parsed JSON body; `undefined` when the body was empty or not JSON. */
  readonly body: unknown;
  /** The raw `Retry-After` header, when the provider sent one (a 429, a 503). */
  readonly retryAfter: string | null;
}

/**
 * JSON calls to a provider's API with a static API key or token as a bearer token. The body comes serialized, so
 * a caller can write amounts as exact decimal literals. Every HTTP answer, whatever its status, comes back as a
 * response; no answer at all (timeout, network failure) comes back as an error text that names the provider,
 * method and path, never the token.
 */
export class BearerJsonClient {
  constructor(
    private readonly provider: string,
    private readonly baseUrl: string,
    private readonly token: string,
    private readonly fetch: FetchFunction,
  ) {}

  async call(
    request: {
      method: 'GET' | 'POST';
      path: string;
      json?: string;
      headers?: Readonly<Record<string, string>>;
    },
    signal: AbortSignal,
  ): Promise<Result<JsonResponse, string>> {
    const { method, path, json } = request;
    try {
      const response = await this.fetch(`${this.baseUrl}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${this.token}`,
          accept: 'application/json',
          ...(json === undefined ? {} : { 'content-type': 'application/json' }),
          ...request.headers,
        },
        body: json,
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
