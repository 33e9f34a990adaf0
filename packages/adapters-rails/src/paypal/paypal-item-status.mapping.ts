import { FAILURE_REASONS, type RailStatus } from '@payout/domain';
import { asArray, asObject, text } from '../http/json-fields.js';
import type { PayPalBatchBody, PayPalPayoutItem } from './paypal-api.types.js';
import { failureReasonFor, payPalAccountFacts } from './paypal-failure-reason.mapping.js';

/** UNCLAIMED waits for the recipient to sign up, ONHOLD for PayPal's review: neither is final. */
const WAITING = new Set(['PENDING', 'UNCLAIMED', 'ONHOLD', 'ON_HOLD', 'NEW']);
const FAILED = new Set(['FAILED', 'BLOCKED', 'DENIED']);
/** The money came back after payment: refunded by the recipient or reversed by PayPal. */
const PAID_BACK = new Set(['REFUNDED', 'REVERSED']);
const BATCH_REFUSED = new Set(['DENIED', 'CANCELED']);

/**
 * Our lifecycle status of one withdrawal's item in a show-batch answer. The item is found by its
 * sender_item_id (the withdrawal id); our batches hold one item, so it is the first when PayPal leaves that
 * field out. A batch not yet split into items is still waiting, unless PayPal refused
 * the whole batch. A status this adapter does not know is reported UNAVAILABLE: it keeps being watched and an
 * operator sees why, rather than guessing an outcome for money.
 */
export function railStatusOfBatch(body: unknown, withdrawalId: string): RailStatus {
  const batch = asObject<PayPalBatchBody>(body);
  const items = asArray<unknown>(batch.items).map((item) => asObject<PayPalPayoutItem>(item));
  const item =
    items.find((candidate) => text(asObject(candidate.payout_item).sender_item_id) === withdrawalId) ??
    items[0];
  if (!item) {
    const batchStatus = text(asObject(batch.batch_header).batch_status)?.toUpperCase() ?? '';
    return BATCH_REFUSED.has(batchStatus)
      ? { kind: 'FAILED', reason: FAILURE_REASONS.GENERAL }
      : { kind: 'PENDING' };
  }
  const status = text(item.transaction_status)?.toUpperCase() ?? '';
  const errorName = text(asObject(item.errors).name);
  if (status === 'SUCCESS') return { kind: 'SETTLED' };
  if (WAITING.has(status)) return { kind: 'PENDING' };
  // The item's error name (RECEIVER_UNREGISTERED, …) travels as the failure's code when PayPal gave one.
  const code = errorName ? { code: errorName } : {};
  if (FAILED.has(status))
    return { kind: 'FAILED', reason: failureReasonFor(errorName), ...code, ...payPalAccountFacts(errorName) };
  // The money came back: the code is PayPal's error name, else the status itself (RETURNED, REFUNDED,
  // REVERSED), so the failure says which of them it was.
  const returnCode = { code: errorName ?? status };
  // RETURNED is an item nobody claimed within 30 days (or one cancelled while unclaimed): the recipient never had
  // the money, so the payout failed; it had not settled and been paid back.
  if (status === 'RETURNED')
    return {
      kind: 'FAILED',
      reason: failureReasonFor(errorName, FAILURE_REASONS.RECIPIENT_NOT_FOUND),
      ...returnCode,
    };
  if (PAID_BACK.has(status)) return { kind: 'RETURNED', reason: failureReasonFor(errorName), ...returnCode };
  return {
    kind: 'UNAVAILABLE',
    detail: `PayPal item transaction_status '${status}' is not known to this adapter`,
  };
}
