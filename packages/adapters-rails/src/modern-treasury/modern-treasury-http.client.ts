import type { FetchFunction } from '../http/fetch-transport.js';
import { JsonHttpClient } from '../http/json-http.client.js';

export interface ModernTreasuryCredentials {
  readonly organizationId: string;
  readonly apiKey: string;
}

/**
 * JSON calls to Modern Treasury's API with HTTP Basic authentication: the organization id as the user name and
 * the API key as the password.
 */
export class ModernTreasuryHttpClient extends JsonHttpClient {
  constructor(baseUrl: string, credentials: ModernTreasuryCredentials, fetch: FetchFunction) {
    const basic = Buffer.from(`${credentials.organizationId}:${credentials.apiKey}`).toString('base64');
    super('Modern Treasury', baseUrl, `Basic ${basic}`, fetch);
  }
}
