import type { ProviderRecord, ProviderRecordState } from '@payout/domain';
import { asObject, dateOf, text } from '../http/json-fields.js';
import { decimalOfText, feeOf } from '../money/record-amounts.js';

/**
 * The `transaction_info` fields read, as PayPal's Transaction Search definition names them
 * (reporting_transactions_v1.json, `transaction_info`).
 */
export interface PayPalTransactionInfo {
  readonly transaction_id?: unknown;
  readonly paypal_reference_id?: unknown;
  readonly transaction_event_code?: unknown;
  readonly transaction_initiation_date?: unknown;
  readonly transaction_updated_date?: unknown;
  readonly transaction_amount?: { readonly currency_code?: unknown; readonly value?: unknown };
  readonly fee_amount?: { readonly value?: unknown };
  readonly transaction_status?: unknown;
  readonly custom_field?: unknown;
}

/**
 * The event codes of payouts (PayPal, "Get settlement and transaction details" for Payouts): T0001 a payment of a
 * payout item; T1114 its reversal, T1115 its refund (an unclaimed item's money back, among others). T0104 is a
 * batch's fee, T1503 and T1105 the hold on funds while a batch is processed and its release: not payouts.
 */
export const PAYOUT = 'T0001';
export const PAYOUT_BACK = new Set(['T1114', 'T1115']);

/** The transaction statuses (`transaction_status`): denied, pending, successful, and reversed to the sender. */
const STATES: Readonly<Record<string, ProviderRecordState>> = {
  D: 'FAILED',
  P: 'PENDING',
  S: 'PAID',
  V: 'RETURNED',
};

/** A transaction's fields a record needs, or undefined when it lacks one. */
export function transactionFacts(body: unknown) {
  const info = asObject<PayPalTransactionInfo>(
    asObject<{ transaction_info?: unknown }>(body).transaction_info,
  );
  const code = text(info.transaction_event_code);
  const transactionId = text(info.transaction_id);
  const createdAt = dateOf(info.transaction_initiation_date);
  const amount = asObject(info.transaction_amount);
  const value = decimalOfText(amount.value);
  const currency = text(amount.currency_code);
  if (!code || !transactionId || !createdAt || value === undefined || !currency) return undefined;
  return { info, code, transactionId, createdAt, value, currency };
}

type Facts = NonNullable<ReturnType<typeof transactionFacts>>;

/**
 * A payout item's payment (T0001) as a provider record: the transaction id (the item's `transaction_id`), the
 * `custom_field` (which, PayPal's definition says, holds the unique id of a mass payment: our sender_item_id, the
 * withdrawal id), the amount debited without its sign, its fee, state and dates.
 */
export function recordOfPayout({ info, transactionId, createdAt, value, currency }: Facts): ProviderRecord {
  const status = text(info.transaction_status) ?? '';
  const state = STATES[status] ?? 'PENDING';
  return {
    provider: 'paypal',
    providerId: transactionId,
    reference: text(info.custom_field) ?? null,
    amount: value,
    currency: currency.toUpperCase(),
    state,
    providerState: status,
    createdAt,
    finalAt: state === 'PENDING' ? null : (dateOf(info.transaction_updated_date) ?? null),
    fee: feeOf(decimalOfText(asObject(info.fee_amount).value)),
  };
}

/**
 * A payout's money back (T1114, T1115), listed on the day it came back, as a RETURNED record of the payout it
 * names (`paypal_reference_id`, the payment's transaction id), with the reference the payment carried.
 */
export function recordOfReturn(
  { info, code, transactionId, createdAt, value, currency }: Facts,
  reference: string | null,
): ProviderRecord {
  return {
    provider: 'paypal',
    providerId: text(info.paypal_reference_id) ?? transactionId,
    reference,
    amount: value,
    currency: currency.toUpperCase(),
    state: 'RETURNED',
    providerState: code,
    createdAt,
    finalAt: createdAt,
    fee: null,
  };
}
