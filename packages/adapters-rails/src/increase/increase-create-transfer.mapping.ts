import { FAILURE_REASONS, type RailSubmitResult } from '@payout/domain';
import { asObject, text } from '../http/json-fields.js';
import { unavailableFor } from '../http/retry-after.js';
import type { IncreaseErrorBody, IncreaseTransferBody } from './increase-api.types.js';
import type { IncreaseResponse } from './increase-http.client.js';
import { retryAfterSeconds } from './increase-retry-after.js';

/** The key was used before, for the transfer `transferId`: Increase's 409 `idempotency_key_already_used_error`. */
export interface KeyAlreadyUsed {
  readonly kind: 'KEY_USED';
  readonly transferId: string;
}

/**
 * Answers that say nothing was created but a later try with the same key may work: our key or permissions (401,
 * 403: a revoked key, a feature not enabled), a wrong base URL (404), a conflict with the account's state (409
 * `invalid_operation_error`), a rate limit (429). Increase creates at most one object per key, so repeating is safe.
 */
const RETRYABLE_4XX = new Set([401, 403, 404, 408, 409, 429]);
/** A refused parameter of the destination: the bank account cannot be paid as linked. */
const DESTINATION_FIELD = /account_number|routing_number/;
/** A refused card token: the card cannot be paid, and the spec's card reason asks for another. */
const CARD_FIELD = /card_token/;

/** What a create-transfer answer means for the withdrawal. */
export function outcomeOfCreate(response: IncreaseResponse, now: Date): RailSubmitResult | KeyAlreadyUsed {
  const { status, body } = response;
  if (status >= 200 && status < 300) {
    const reference = text(asObject<IncreaseTransferBody>(body).id);
    return reference
      ? { kind: 'ACCEPTED', reference }
      : { kind: 'UNAVAILABLE', detail: `Increase answered ${status} without a transfer id` };
  }
  const error = asObject<IncreaseErrorBody>(body);
  const type = text(error.type) ?? 'no error type';
  const resourceId = text(error.resource_id);
  if (status === 409 && type === 'idempotency_key_already_used_error' && resourceId)
    return { kind: 'KEY_USED', transferId: resourceId };
  const summary = describe(status, type, error);
  if (status >= 500 || RETRYABLE_4XX.has(status) || status < 400) {
    const wait = status === 429 || status === 503 ? retryAfterSeconds(response, now) : null;
    return unavailableFor(summary, wait);
  }
  const fields = JSON.stringify(error.errors ?? '');
  const reason = CARD_FIELD.test(fields)
    ? FAILURE_REASONS.CARD
    : DESTINATION_FIELD.test(fields)
      ? FAILURE_REASONS.RECIPIENT_NOT_FOUND
      : FAILURE_REASONS.GENERAL;
  return { kind: 'REJECTED', reason, detail: summary };
}

/** Status, error type and title; the request body (account and routing numbers) is never echoed. */
function describe(status: number, type: string, error: IncreaseErrorBody): string {
  const title = text(error.title);
  return `Increase answered ${status} ${type}${title ? ` (${title})` : ''}`;
}
