import { asObject } from '../http/json-fields.js';
import { retryAfterHeaderSeconds } from '../http/retry-after.js';
import type { IncreaseErrorBody } from './increase-api.types.js';
import type { IncreaseResponse } from './increase-http.client.js';

/**
 * How long Increase asked us to wait, in whole seconds: the `Retry-After` header, else the `retry_after` of a
 * `rate_limited_error` body; `null` when neither says.
 */
export function retryAfterSeconds(response: IncreaseResponse, now: Date): number | null {
  const header = retryAfterHeaderSeconds(response.retryAfter, now);
  if (header !== null) return header;
  const body = asObject<IncreaseErrorBody>(response.body).retry_after;
  return typeof body === 'number' && Number.isFinite(body) && body >= 0 ? Math.ceil(body) : null;
}
