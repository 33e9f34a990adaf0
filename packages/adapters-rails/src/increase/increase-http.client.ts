import type { Result } from '@payout/domain';
import { BearerJsonClient, type JsonResponse } from '../http/bearer-json.client.js';
import type { FetchFunction } from '../http/fetch-transport.js';

export type IncreaseResponse = JsonResponse;

/**
 * JSON calls to Increase's API with the API key as a bearer token. A create carries the idempotency key:
 * Increase creates at most one object per key and answers a repeat with that object.
 */
export class IncreaseHttpClient {
  private readonly client: BearerJsonClient;

  constructor(baseUrl: string, apiKey: string, fetch: FetchFunction) {
    this.client = new BearerJsonClient('Increase', baseUrl, apiKey, fetch);
  }

  call(
    request: { method: 'GET' | 'POST'; path: string; payload?: unknown; idempotencyKey?: string },
    signal: AbortSignal,
  ): Promise<Result<IncreaseResponse, string>> {
    const { method, path, payload, idempotencyKey } = request;
    return this.client.call(
      {
        method,
        path,
        ...(payload === undefined ? {} : { json: JSON.stringify(payload) }),
        ...(idempotencyKey === undefined ? {} : { headers: { 'idempotency-key': idempotencyKey } }),
      },
      signal,
    );
  }
}
