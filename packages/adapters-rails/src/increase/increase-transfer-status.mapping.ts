import { FAILURE_REASONS, type RailStatus } from '@payout/domain';
import type Increase from 'increase';
import { achAccountFacts } from '../ach/ach-account-cannot-receive.js';
import { asObject, dateOf, text } from '../http/json-fields.js';
import type { IncreaseRailId, IncreaseTransferBody } from './increase-api.types.js';
import { cardDeclineReason } from './increase-card-decline.mapping.js';
import { achCodeOfName, achReturnReason, rtpRejectionReason } from './increase-failure-reason.mapping.js';
import { latestCorrection } from './increase-notification-of-change.mapping.js';

/**
 * RTP reject reasons that say the account cannot receive at all (AC04 closed, AC03 an invalid number, BE06 an
 * unknown customer, MD07 deceased), and card push declines that say the card has no account behind it: the linked
 * account is marked unusable. A reason about this network only (the bank not on RTP, a message it cannot take)
 * leaves it usable for other rails.
 */
const RTP_ACCOUNT_CANNOT_RECEIVE = new Set([
  'account_closed',
  'invalid_creditor_account_number',
  'unknown_end_customer',
  'end_customer_deceased',
]);
const CARD_ACCOUNT_CANNOT_RECEIVE = new Set(['closed_account', 'invalid_account_number', 'no_such_issuer']);

const unusableIf = (cannot: ReadonlySet<string>, code: string | undefined): { accountUnusable?: true } =>
  code !== undefined && cannot.has(code) ? { accountUnusable: true } : {};

/**
 * Statuses before the transfer leaves Increase, on every rail: waiting for an approval, a review, a file, or an
 * Increase operator (`requires_attention` is rare and resolved by Increase, never final by itself).
 */
const NOT_SENT = new Set<TransferStatus>([
  'pending_approval',
  'pending_transfer_session_confirmation',
  'pending_reviewing',
  'pending_submission',
  'pending_creating',
  'requires_attention',
]);

/** Every status Increase's SDK defines for the transfers these rails make: a name here is checked against it. */
type TransferStatus =
  | Increase.ACHTransfer['status']
  | Increase.RealTimePaymentsTransfer['status']
  | Increase.WireTransfer['status']
  | Increase.CardPushTransfer['status'];

/** The provider's code travels with the failure when Increase gave one (`payload.failureCode`). */
const withCode = (status: RailStatus, code: string | undefined): RailStatus =>
  code && (status.kind === 'FAILED' || status.kind === 'RETURNED') ? { ...status, code } : status;

const settled = (at: Date | undefined): RailStatus =>
  at ? { kind: 'SETTLED', settledAt: at } : { kind: 'SETTLED' };

/**
 * Our lifecycle status of an Increase transfer object. A status this adapter does not know is UNAVAILABLE: the
 * payout stays watched and an operator sees why, rather than a guessed outcome for money.
 */
export function railStatusOfTransfer(rail: IncreaseRailId, body: unknown): RailStatus {
  const transfer = asObject<IncreaseTransferBody>(body);
  const status = text(transfer.status) ?? '';
  if (NOT_SENT.has(status as TransferStatus)) return { kind: 'PENDING' };
  if (status === 'canceled') return { kind: 'FAILED', reason: FAILURE_REASONS.CANCELLED };
  // Refused by Increase itself (ACH, wire) or by the network or receiving bank (RTP).
  if (status === 'rejected') {
    if (rail !== 'RTP') return { kind: 'FAILED', reason: FAILURE_REASONS.GENERAL };
    const code = text(asObject(transfer.rejection).reject_reason_code);
    return withCode(
      { kind: 'FAILED', reason: rtpRejectionReason(code), ...unusableIf(RTP_ACCOUNT_CANNOT_RECEIVE, code) },
      code,
    );
  }
  const known = statusOn[rail](status, transfer);
  return (
    known ?? {
      kind: 'UNAVAILABLE',
      detail: `Increase ${rail} transfer status '${status}' is not known to this adapter`,
    }
  );
}

const statusOn: Readonly<
  Record<IncreaseRailId, (status: string, transfer: IncreaseTransferBody) => RailStatus | undefined>
> = {
  /**
   * An ACH transfer stays `submitted` when it settles; the `settlement` object says it did. Whatever its status,
   * the latest Notification of Change on it travels with the answer.
   */
  ACH(status, transfer) {
    const known = achStatus(status, transfer);
    const correction = latestCorrection(transfer);
    return known && correction ? { ...known, correction } : known;
  },
  /** Complete when the receiving bank acknowledged it, within seconds; RTP payments are final, never returned. */
  RTP(status, transfer) {
    if (status === 'submitted') return { kind: 'PROCESSING' };
    if (status !== 'complete') return undefined;
    return settled(
      dateOf(asObject(transfer.acknowledgement).acknowledged_at) ??
        dateOf(asObject(transfer.submission).submitted_at),
    );
  },
  /** Fedwire settles a wire when it accepts it: `complete` carries no time of its own, its submission does. */
  WIRE(status, transfer) {
    if (status === 'submitted') return { kind: 'PENDING' };
    if (status === 'complete') return settled(dateOf(asObject(transfer.submission).submitted_at));
    // A reversal's code is the reversing bank's free text: no reliable mapping beyond the general reason.
    if (status === 'reversed') return { kind: 'RETURNED', reason: FAILURE_REASONS.GENERAL };
    return undefined;
  },
  /**
   * Submitted awaits the issuer's answer, in seconds; complete is paid, when the issuer accepted it. A push to
   * a card is final: a declined transfer never moved money, and nothing comes back after acceptance.
   */
  PUSH_TO_CARD(status, transfer) {
    if (status === 'submitted') return { kind: 'PENDING' };
    if (status === 'complete') return settled(dateOf(asObject(transfer.acceptance).accepted_at));
    if (status !== 'declined') return undefined;
    const code = text(asObject(transfer.decline).reason);
    return withCode(
      { kind: 'FAILED', reason: cardDeclineReason(code), ...unusableIf(CARD_ACCOUNT_CANNOT_RECEIVE, code) },
      code,
    );
  },
};

function achStatus(status: string, transfer: IncreaseTransferBody): RailStatus | undefined {
  if (status === 'returned') {
    const returned = asObject(transfer.return);
    const raw = text(returned.raw_return_reason_code);
    const name = text(returned.return_reason_code);
    const facts = achAccountFacts(raw ?? achCodeOfName(name));
    return withCode({ kind: 'RETURNED', reason: achReturnReason(raw, name), ...facts }, raw ?? name);
  }
  if (status !== 'submitted') return undefined;
  const settledAt = dateOf(asObject(transfer.settlement).settled_at);
  if (settledAt) return { kind: 'SETTLED', settledAt };
  const expectedBy = dateOf(asObject(transfer.submission).expected_funds_settlement_at);
  return expectedBy ? { kind: 'PROCESSING', expectedBy } : { kind: 'PROCESSING' };
}
