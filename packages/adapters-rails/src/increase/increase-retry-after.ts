import { asObject } from '../http/json-fields.js';
import type { IncreaseErrorBody } from './increase-api.types.js';
import type { IncreaseResponse } from './increase-http.client.js';

/**
 * How long Increase asked us to wait, in whole seconds: the `Retry-After` header (seconds or an HTTP date, read
 * against our clock), else the `retry_after` of a `rate_limited_error` body; `null` when neither says.
 */
export function retryAfterSeconds(response: IncreaseResponse, now: Date): number | null {
  const header = response.retryAfter?.trim();
  if (header) {
    if (/^\d+$/.test(header)) return Number(header);
    const at = Date.parse(header);
    if (!Number.isNaN(at)) return Math.max(0, Math.ceil((at - now.getTime()) / 1000));
  }
  const body = asObject<IncreaseErrorBody>(response.body).retry_after;
  return typeof body === 'number' && Number.isFinite(body) && body >= 0 ? Math.ceil(body) : null;
}
