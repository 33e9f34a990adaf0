import { FAILURE_REASONS, type RailSubmitResult } from '@payout/domain';
import { asObject, text } from '../http/json-fields.js';
import type { JsonResponse } from '../http/json-http.client.js';
import { retryAfterHeaderSeconds, unavailableFor } from '../http/retry-after.js';
import type {
  ModernTreasuryErrorBody,
  ModernTreasuryRailId,
  PaymentOrderBody,
} from './modern-treasury-api.types.js';
import { achPostsOn } from './modern-treasury-payment-order-status.mapping.js';

/**
 * Answers that say nothing was created but a later try with the same key may work: our credentials or
 * permissions (401, 403), a wrong base URL (404), a request with this key still being processed (409), a rate
 * limit (429). Modern Treasury keeps one result per idempotency key, so repeating is safe.
 */
const RETRYABLE_4XX = new Set([401, 403, 404, 408, 409, 429]);
/** A refused parameter of the counterparty: the account cannot be paid as linked. */
const DESTINATION_PARAMETER =
  /receiving_account|account_number|routing_number|account_details|routing_details/;

/** What a create-payment-order answer means for the withdrawal; an ACH order says when it posts (achPostsOn). */
export function outcomeOfPaymentOrderCreate(
  response: JsonResponse,
  now: Date,
  rail: ModernTreasuryRailId,
): RailSubmitResult {
  const { status, body } = response;
  if (status >= 200 && status < 300) {
    const order = asObject<PaymentOrderBody>(body);
    const reference = text(order.id);
    if (!reference)
      return { kind: 'UNAVAILABLE', detail: `Modern Treasury answered ${status} without a payment order id` };
    const expectedBy = achPostsOn(rail, order);
    return expectedBy ? { kind: 'ACCEPTED', reference, expectedBy } : { kind: 'ACCEPTED', reference };
  }
  const error = asObject(asObject<ModernTreasuryErrorBody>(body).errors);
  const code = text(error.code);
  const parameter = text(error.parameter);
  // The message is not repeated: it may quote the value it refused (an account or routing number).
  const summary = `Modern Treasury answered ${status} ${code ?? 'without an error code'}${parameter ? ` (parameter ${parameter})` : ''}`;
  if (status >= 500 || RETRYABLE_4XX.has(status) || status < 400) {
    const wait = status === 429 || status === 503 ? retryAfterHeaderSeconds(response.retryAfter, now) : null;
    return unavailableFor(summary, wait);
  }
  const reason =
    parameter && DESTINATION_PARAMETER.test(parameter)
      ? FAILURE_REASONS.RECIPIENT_NOT_FOUND
      : FAILURE_REASONS.GENERAL;
  return code
    ? { kind: 'REJECTED', reason, detail: summary, code }
    : { kind: 'REJECTED', reason, detail: summary };
}
