import { err, ok, type Result } from '@payout/domain';
import { type FetchFunction, parseJson, transportFailure } from '../http/fetch-transport.js';

export interface WiseResponse {
  readonly status: number;
  /** The parsed JSON body; `undefined` when the body was empty or not JSON. */
  readonly body: unknown;
  /** The raw `Retry-After` header, when Wise sent one (a 429). */
  readonly retryAfter: string | null;
}

/**
 * JSON calls to Wise Platform with the API token as a bearer token. A body comes already serialized, so amounts
 * can go as exact decimal literals. Every HTTP answer, whatever its status, comes back as a response; no answer
 * at all (timeout, network failure) comes back as an error text that names the path, never the token.
 */
export class WiseHttpClient {
  constructor(
    private readonly baseUrl: string,
    private readonly apiToken: string,
    private readonly fetch: FetchFunction,
  ) {}

  async call(
    request: { method: 'GET' | 'POST'; path: string; json?: string },
    signal: AbortSignal,
  ): Promise<Result<WiseResponse, string>> {
    const { method, path, json } = request;
    try {
      const response = await this.fetch(`${this.baseUrl}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${this.apiToken}`,
          accept: 'application/json',
          ...(json === undefined ? {} : { 'content-type': 'application/json' }),
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
      return err(`Wise ${method} ${path} ${transportFailure(error)}`);
    }
  }
}
