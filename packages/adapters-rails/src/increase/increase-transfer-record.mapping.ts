import type { ProviderRecord, ProviderRecordState } from '@payout/domain';
import type Increase from 'increase';
import { asObject, dateOf, text } from '../http/json-fields.js';
import { decimalOfMinorUnits, decimalOfText } from '../money/record-amounts.js';
import type { IncreaseRailId } from './increase-api.types.js';

/**
 * The fields of a transfer object this mapping reads, by the names Increase's SDK gives them: a field renamed in
 * the SDK fails the build. Their values come from outside and are checked where read.
 */
type Read<T, K extends keyof T> = { readonly [P in K]?: unknown };
type Shared = 'id' | 'status' | 'created_at' | 'idempotency_key' | 'cancellation';
type AchFields = Read<Increase.ACHTransfer, Shared | 'amount' | 'currency' | 'settlement' | 'return'>;
type RtpFields = Read<
  Increase.RealTimePaymentsTransfer,
  Shared | 'amount' | 'currency' | 'acknowledgement' | 'submission' | 'rejection'
>;
type WireFields = Read<Increase.WireTransfer, Shared | 'amount' | 'currency' | 'submission' | 'reversal'>;
type CardFields = Read<Increase.CardPushTransfer, Shared | 'presentment_amount' | 'acceptance' | 'decline'>;

type TransferStatus =
  | Increase.ACHTransfer['status']
  | Increase.RealTimePaymentsTransfer['status']
  | Increase.WireTransfer['status']
  | Increase.CardPushTransfer['status'];

/** Refused or called off before the money left: nothing moved. */
const FAILED = new Set<TransferStatus>(['canceled', 'rejected', 'declined']);
/** Sent and final: the money left. */
const COMPLETE = new Set<TransferStatus>(['complete']);
/** It left and came back: an ACH return, a wire the beneficiary bank reversed. */
const CAME_BACK = new Set<TransferStatus>(['returned', 'reversed']);

const at = (object: unknown, field: string): Date | null =>
  dateOf(asObject<Record<string, unknown>>(object)[field]) ?? null;

interface Outcome {
  readonly state: ProviderRecordState;
  readonly finalAt: Date | null;
}

/**
 * What each rail's object says of the money, with the time Increase gives for it. An ACH transfer stays
 * `submitted` once settled: its `settlement` says so. Any other status (waiting for an approval, a review, a file,
 * submitted and not yet final) is PENDING, and one the SDK does not know yet is too: `providerState` shows it.
 */
const OUTCOMES: Readonly<Record<IncreaseRailId, (status: string, transfer: object) => Outcome>> = {
  ACH(status, transfer) {
    const ach = transfer as AchFields;
    if (status === 'returned') return { state: 'RETURNED', finalAt: at(ach.return, 'created_at') };
    const settledAt = at(ach.settlement, 'settled_at');
    if (status === 'submitted' && settledAt) return { state: 'PAID', finalAt: settledAt };
    return common(status, ach.cancellation, null);
  },
  RTP(status, transfer) {
    const rtp = transfer as RtpFields;
    if (COMPLETE.has(status as TransferStatus))
      return {
        state: 'PAID',
        finalAt: at(rtp.acknowledgement, 'acknowledged_at') ?? at(rtp.submission, 'submitted_at'),
      };
    return common(status, rtp.cancellation, at(rtp.rejection, 'rejected_at'));
  },
  WIRE(status, transfer) {
    const wire = transfer as WireFields;
    if (COMPLETE.has(status as TransferStatus))
      return { state: 'PAID', finalAt: at(wire.submission, 'submitted_at') };
    if (CAME_BACK.has(status as TransferStatus))
      return { state: 'RETURNED', finalAt: at(wire.reversal, 'created_at') };
    return common(status, wire.cancellation, null);
  },
  PUSH_TO_CARD(status, transfer) {
    const card = transfer as CardFields;
    if (COMPLETE.has(status as TransferStatus))
      return { state: 'PAID', finalAt: at(card.acceptance, 'accepted_at') };
    return common(status, card.cancellation, at(card.decline, 'declined_at'));
  },
};

function common(status: string, cancellation: unknown, refusedAt: Date | null): Outcome {
  if (!FAILED.has(status as TransferStatus)) return { state: 'PENDING', finalAt: null };
  return { state: 'FAILED', finalAt: status === 'canceled' ? at(cancellation, 'canceled_at') : refusedAt };
}

/** The amount and currency: cents of USD on the bank rails, the presentment amount's decimal text on a card. */
function amountOf(rail: IncreaseRailId, transfer: object): { amount?: string; currency?: string } {
  if (rail === 'PUSH_TO_CARD') {
    const shown = asObject<{ value?: unknown; currency?: unknown }>(
      (transfer as CardFields).presentment_amount,
    );
    return { amount: decimalOfText(shown.value), currency: text(shown.currency) };
  }
  const bank = transfer as AchFields;
  const currency = text(bank.currency);
  return { amount: currency ? decimalOfMinorUnits(bank.amount, currency) : undefined, currency };
}

/**
 * One transfer object of `rail` as a provider record: its id, the `idempotency_key` it was created with (the
 * withdrawal id, for ours), amount and currency, state and dates. Undefined when the object lacks what a record
 * needs (an id, an amount, a currency, a creation time): the page is then unreadable rather than half read.
 */
export function recordOfTransfer(rail: IncreaseRailId, body: unknown): ProviderRecord | undefined {
  const transfer = asObject<AchFields>(body);
  const providerId = text(transfer.id);
  const status = text(transfer.status);
  const createdAt = dateOf(transfer.created_at);
  const { amount, currency } = amountOf(rail, transfer);
  if (!providerId || !status || !createdAt || amount === undefined || !currency) return undefined;
  const { state, finalAt } = OUTCOMES[rail](status, transfer);
  return {
    provider: 'increase',
    providerId,
    reference: text(transfer.idempotency_key) ?? null,
    amount,
    currency: currency.toUpperCase(),
    state,
    providerState: status,
    createdAt,
    finalAt,
    fee: null,
  };
}
