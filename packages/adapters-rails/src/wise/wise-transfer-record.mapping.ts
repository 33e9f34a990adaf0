import type { ProviderRecord, ProviderRecordState } from '@payout/domain';
import { asObject, text } from '../http/json-fields.js';
import { decimalOfNumber, positiveDifference } from '../money/record-amounts.js';
import type { WiseTransferBody } from './wise-api.types.js';

/**
 * Wise's transfer statuses (docs.wise.com, "Tracking transfers") as the money stands: `outgoing_payment_sent` is
 * paid; `cancelled` and `funds_refunded` gave the money back to our balance (Wise does not tell a refund before
 * the money left from one after a bounce, and our rail fails both). Any other status is not final, `bounced_back`
 * and `charged_back` included: `providerState` shows which.
 */
const STATES: Readonly<Record<string, ProviderRecordState>> = {
  outgoing_payment_sent: 'PAID',
  cancelled: 'FAILED',
  funds_refunded: 'FAILED',
};

/** Wise's `created`, "2026-01-15 12:00:00", is UTC without a zone: read as UTC, never as the host's time. */
function createdOf(value: unknown): Date | undefined {
  const written = text(value);
  if (!written) return undefined;
  const iso = written.includes('T') ? written : written.replace(' ', 'T');
  const at = new Date(/[zZ]|[+-]\d{2}:?\d{2}$/.test(iso) ? iso : `${iso}Z`);
  return Number.isNaN(at.getTime()) ? undefined : at;
}

/** Wise's ids are numbers in JSON; a string form is kept. */
const idOf = (value: unknown): string | undefined =>
  typeof value === 'number' && Number.isSafeInteger(value) ? String(value) : text(value);

/**
 * A transfer as a provider record: its id, the `customerTransactionId` we created it with (the withdrawal id),
 * state and creation time. A payout in its own currency is its `targetValue`, and Wise's fee, taken from our
 * balance on top, is what the source exceeds it by; a converted payout is the `sourceValue` we sent, its fee inside
 * the rate. Undefined when the transfer lacks what a record needs.
 */
export function recordOfTransfer(body: unknown): ProviderRecord | undefined {
  const transfer = asObject<WiseTransferBody>(body);
  const providerId = idOf(transfer.id);
  const status = text(transfer.status);
  const createdAt = createdOf(transfer.created);
  const source = text(transfer.sourceCurrency);
  const target = text(transfer.targetCurrency);
  if (!providerId || !status || !createdAt || !source || !target) return undefined;
  const same = source === target;
  const amount = same
    ? decimalOfNumber(transfer.targetValue, target)
    : decimalOfNumber(transfer.sourceValue, source);
  if (amount === undefined) return undefined;
  const fee = same ? positiveDifference(decimalOfNumber(transfer.sourceValue, source), amount) : null;
  return {
    provider: 'wise',
    providerId,
    reference: text(transfer.customerTransactionId) ?? null,
    amount,
    currency: (same ? target : source).toUpperCase(),
    state: STATES[status] ?? 'PENDING',
    providerState: status,
    createdAt,
    finalAt: null,
    fee,
  };
}
