import { FAILURE_REASONS, type FailureReason, type RailSubmitResult } from '@payout/domain';
import { asArray, asObject, text } from '../http/json-fields.js';
import { retryAfterHeaderSeconds, unavailableFor } from '../http/retry-after.js';
import type { PayPalBatchBody, PayPalErrorBody, PayPalLink } from './paypal-api.types.js';
import { failureReasonFor } from './paypal-failure-reason.mapping.js';
import type { PayPalResponse } from './paypal-http.client.js';

/** PayPal already holds a batch with this sender_batch_id; `batchId` is the original, when PayPal linked it. */
export interface DuplicateBatch {
  readonly kind: 'DUPLICATE';
  readonly batchId: string | null;
}

/**
 * Answers that say nothing was paid but a later try may work: our credentials or account permissions (401,
 * 403), a wrong base URL (404), throttling and conflicts (408, 409, 429). PayPal documents a retry with the same
 * sender_batch_id as safe after a 5xx; it never pays one sender_batch_id twice.
 */
const RETRYABLE_4XX = new Set([401, 403, 404, 408, 409, 429]);
const BATCH_LINK = /\/v1\/payments\/payouts\/([A-Za-z0-9_-]+)(?:[/?#]|$)/;

/** What a create-payout answer means for the withdrawal. */
export function outcomeOfCreate(response: PayPalResponse, now: Date): RailSubmitResult | DuplicateBatch {
  const { status, body } = response;
  if (status >= 200 && status < 300) {
    const reference = text(asObject(asObject<PayPalBatchBody>(body).batch_header).payout_batch_id);
    return reference
      ? { kind: 'ACCEPTED', reference }
      : { kind: 'UNAVAILABLE', detail: `PayPal answered ${status} without a payout_batch_id` };
  }
  const error = asObject<PayPalErrorBody>(body);
  const details = asArray<unknown>(error.details).map((detail) => asObject<Detail>(detail));
  if (status === 400 && details.some((detail) => text(detail.field)?.toUpperCase() === 'SENDER_BATCH_ID'))
    return { kind: 'DUPLICATE', batchId: linkedBatchId(error, details) };
  const summary = describe(status, error, details);
  const name = text(error.name);
  // Our own PayPal balance is short: nothing wrong with the payout, and on a retry PayPal does not say whether an
  // earlier attempt's batch (which may have emptied the balance) exists. Retried until the balance is topped up.
  if (name === 'INSUFFICIENT_FUNDS') return unavailableFor(`${summary}: top up the PayPal balance`, null);
  if (status >= 500 || RETRYABLE_4XX.has(status) || status < 400)
    return unavailableFor(
      summary,
      status === 429 || status === 503 ? retryAfterHeaderSeconds(response.retryAfter ?? null, now) : null,
    );
  return {
    kind: 'REJECTED',
    reason: rejectionReason(name, details),
    detail: summary,
    ...(name ? { code: name } : {}),
  };
}

type Detail = NonNullable<PayPalErrorBody['details']>[number];

/** A refused recipient shows as an issue on an item's `receiver` field ("Receiver is invalid …"). */
function rejectionReason(name: string | undefined, details: readonly Detail[]): FailureReason {
  if (details.some((detail) => /receiver/i.test(text(detail.field) ?? '')))
    return FAILURE_REASONS.RECIPIENT_NOT_FOUND;
  return failureReasonFor(name);
}

function linkedBatchId(error: PayPalErrorBody, details: readonly Detail[]): string | null {
  const links = [
    ...details.flatMap((detail) => asArray<unknown>(detail.link)),
    ...asArray<unknown>(error.links),
  ];
  for (const link of links) {
    const match = BATCH_LINK.exec(text(asObject<PayPalLink>(link).href) ?? '');
    if (match) return match[1];
  }
  return null;
}

/** Status, error name and the field/issue pairs; the request body (the recipient) is never echoed. */
function describe(status: number, error: PayPalErrorBody, details: readonly Detail[]): string {
  const issues = details.map((detail) => `${text(detail.field) ?? '?'}: ${text(detail.issue) ?? '?'}`);
  const name = text(error.name) ?? 'no error name';
  return `PayPal answered ${status} ${name}${issues.length > 0 ? ` (${issues.join('; ')})` : ''}`;
}
