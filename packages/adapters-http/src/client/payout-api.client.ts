import createClient, { type Client, type ClientOptions } from 'openapi-fetch';
import type { paths } from './payout-api.generated.js';

/** A typed client of the whole API: every path, parameter, body and answer comes from the OpenAPI document. */
export type PayoutApi = Client<paths>;

export interface PayoutApiOptions extends Omit<ClientOptions, 'baseUrl'> {
  /** Where the service listens, such as `http://localhost:3000`. */
  readonly baseUrl: string;
  /** A bearer access token sent with every request; or pass `headers: bearer(token)` per call. */
  readonly token?: string;
}

/** `Authorization: Bearer <token>` for one call. */
export const bearer = (token: string): { authorization: string } => ({ authorization: `Bearer ${token}` });

/**
 * A client over `fetch` (openapi-fetch): `api.POST('/v1/operator/merchants', { body: { name } })` resolves to
 * `{ data, error, response }`, `data` typed by the 2xx answer and `error` by the error envelope.
 */
export function createPayoutApi({ baseUrl, token, headers, ...options }: PayoutApiOptions): PayoutApi {
  return createClient<paths>({
    ...options,
    baseUrl,
    headers: { ...(token === undefined ? {} : bearer(token)), ...(headers as Record<string, string>) },
  });
}
