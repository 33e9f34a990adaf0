import type { FetchFunction } from '../http/fetch-transport.js';
import { JsonHttpClient, type JsonResponse } from '../http/json-http.client.js';

export type IncreaseResponse = JsonResponse;

/**
 * JSON calls to Increase's API with the API key as a bearer token. Increase creates at most one object per
 * idempotency key and answers a repeat with that object.
 */
export class IncreaseHttpClient extends JsonHttpClient {
  constructor(baseUrl: string, apiKey: string, fetch: FetchFunction) {
    super('Increase', baseUrl, `Bearer ${apiKey}`, fetch);
  }
}
