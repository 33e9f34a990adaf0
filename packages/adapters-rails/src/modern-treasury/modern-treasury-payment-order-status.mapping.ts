import { FAILURE_REASONS, type RailStatus } from '@payout/domain';
import type ModernTreasury from 'modern-treasury';
import { achAccountFacts } from '../ach/ach-account-cannot-receive.js';
import { asArray, asObject, dateOf, text } from '../http/json-fields.js';
import type { ModernTreasuryRailId, PaymentOrderBody } from './modern-treasury-api.types.js';
import { returnReasonOf } from './modern-treasury-return-reason.mapping.js';

/**
 * Before the order reaches the bank: waiting for an approval (`needs_approval`, `approved`), for the bank's
 * next file or cut-off (`pending`), or on a compliance hold (`held`), which may still be denied.
 */
const NOT_SENT = new Set<OrderStatus>(['needs_approval', 'approved', 'pending', 'held']);

/**
 * The statuses Modern Treasury's SDK defines: every status this mapping names is checked against it at compile
 * time; one the SDK (and this mapping) does not know yet falls to the default, unavailable.
 */
type OrderStatus = ModernTreasury.PaymentOrder['status'];

/** Rails whose `sent` order is taken by the network and only awaits settlement (shown as PROCESSING). */
const SETTLES_LATER = new Set<ModernTreasuryRailId>(['ACH', 'RTP']);

/**
 * Our lifecycle status of a Modern Treasury payment order. A status this adapter does not know is UNAVAILABLE:
 * the payout stays watched and an operator sees why, rather than a guessed outcome for money.
 */
export function railStatusOfPaymentOrder(rail: ModernTreasuryRailId, body: unknown): RailStatus {
  const order = asObject<PaymentOrderBody>(body);
  const status = (text(order.status) ?? '') as OrderStatus;
  if (NOT_SENT.has(status)) return { kind: 'PENDING' };
  switch (status) {
    case 'processing':
      return { kind: 'PENDING' };
    case 'sent':
      return SETTLES_LATER.has(rail) ? processing(rail, order) : { kind: 'PENDING' };
    // Completed carries no time of its own: the return window counts from the poll that saw it.
    case 'completed':
      return { kind: 'SETTLED' };
    case 'returned': {
      const code = text(asObject<{ code?: unknown }>(order.current_return).code);
      if (rail !== 'ACH')
        return code ? { kind: 'RETURNED', reason: FAILURE_REASONS.GENERAL, code } : returnedGenerally;
      const reason = returnReasonOf(code);
      return code
        ? { kind: 'RETURNED', reason, code, ...achAccountFacts(code) }
        : { kind: 'RETURNED', reason };
    }
    // A reversal was made for the order; whether the money came back is the reversal's own status.
    case 'reversed':
      return { kind: 'UNAVAILABLE', detail: 'Modern Treasury payment order reversed: its reversals tell' };
    // Modern Treasury's failure text is free-form and not to be parsed; on a card it is the card's decline.
    case 'failed':
      return {
        kind: 'FAILED',
        reason: rail === 'PUSH_TO_CARD' ? FAILURE_REASONS.CARD : FAILURE_REASONS.GENERAL,
      };
    // Cancelled before it was sent, or a stop payment.
    case 'cancelled':
    case 'stopped':
      return { kind: 'FAILED', reason: FAILURE_REASONS.CANCELLED };
    // Refused by an approver or by transaction monitoring.
    case 'denied':
      return { kind: 'FAILED', reason: FAILURE_REASONS.COMPLIANCE };
    default:
      return {
        kind: 'UNAVAILABLE',
        detail: `Modern Treasury ${rail} payment order status '${status}' is not known to this adapter`,
      };
  }
}

const returnedGenerally: RailStatus = { kind: 'RETURNED', reason: FAILURE_REASONS.GENERAL };

/** An ACH entry posts on its effective date: a check waits for it. Other rails give no date. */
export const achPostsOn = (rail: ModernTreasuryRailId, order: PaymentOrderBody): Date | undefined =>
  rail === 'ACH' ? dateOf(order.effective_date) : undefined;

function processing(rail: ModernTreasuryRailId, order: PaymentOrderBody): RailStatus {
  const expectedBy = achPostsOn(rail, order);
  return expectedBy ? { kind: 'PROCESSING', expectedBy } : { kind: 'PROCESSING' };
}

/** A reversal still on its way: the money may yet come back. */
const REVERSAL_UNDER_WAY = new Set(['pending', 'processing', 'sent']);

/**
 * What a reversed order's reversals (`GET /api/payment_orders/{id}/reversals`) say of the money. A reversal is a
 * new entry sent by the originator (an operator, in Modern Treasury) to call the payment back, and the receiving
 * bank may refuse it: only a `completed` reversal brought the money back, and only refused ones (`failed`,
 * `returned`, `cancelled`) leave the payout paid. One under way (`pending`, `processing`, `sent`) is not an outcome
 * yet: the payout is asked about again after `recheckMs`, past the return watch's end if need be, until it ends. An
 * order marked reversed with no reversal to show is not guessed at.
 */
export function railStatusOfReversals(body: unknown, recheckMs: number): RailStatus {
  const statuses = asArray<unknown>(body).map((reversal) =>
    text(asObject<{ status?: unknown }>(reversal).status),
  );
  if (statuses.includes('completed')) return { kind: 'RETURNED', reason: FAILURE_REASONS.CANCELLED };
  const underWay = statuses.find((status) => REVERSAL_UNDER_WAY.has(status ?? ''));
  if (underWay)
    return {
      kind: 'UNAVAILABLE',
      detail: `Modern Treasury is reversing the payment order (reversal ${underWay})`,
      retryAfterMs: recheckMs,
    };
  if (statuses.length === 0)
    return {
      kind: 'UNAVAILABLE',
      detail: 'Modern Treasury payment order reversed, but it lists no reversal',
    };
  return { kind: 'SETTLED' };
}
