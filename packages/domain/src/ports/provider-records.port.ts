/**
 * A provider's own record of one payout, as its book of record lists it (Increase's transfers, Modern Treasury's
 * payment orders, PayPal's payout items, Wise's transfers, the simulated rails' book): what reconciliation compares
 * with the ledger.
 */
export interface ProviderRecord {
  /** The provider's name as the rails name it: `simulated`, `increase`, `modern_treasury`, `paypal`, `wise`. */
  readonly provider: string;
  /** The provider's own id of the payout (the transfer, payment order or payout item). */
  readonly providerId: string;
  /**
   * What of ours the provider echoes: the idempotency key we sent (the withdrawal id) or the reference it answered
   * at submission; null when the record carries neither (a payout we never asked for).
   */
  readonly reference: string | null;
  /** The amount in major units, exactly as the provider reports it, as decimal text ("12.30"); never a float. */
  readonly amount: string;
  /** ISO 4217, upper case. */
  readonly currency: string;
  /** The provider's state, mapped. */
  readonly state: ProviderRecordState;
  /** The provider's state exactly as it reported it: evidence. */
  readonly providerState: string;
  /** When the provider created the record: the day it is listed under. */
  readonly createdAt: Date;
  /** When the provider says it settled, failed or was returned, where it says so. */
  readonly finalAt: Date | null;
  /** A fee the provider charged for this payout, in major units as decimal text, where it reports one. */
  readonly fee: string | null;
}

/**
 * PENDING: not final at the provider. PAID: the money left. FAILED: refused or canceled before it left, nothing
 * moved. RETURNED: it left and came back.
 */
export type ProviderRecordState = 'PENDING' | 'PAID' | 'FAILED' | 'RETURNED';

/**
 * How far along its life a record in each state is. A record read again never moves back: a provider that lists a
 * return as a transaction of its own (PayPal) shows the payout PAID again when the payment's day is read after the
 * return's, and that older view must not undo the return (ReconciliationStore.saveRecords).
 */
export const RECORD_STATE_STEP: Readonly<Record<ProviderRecordState, number>> = {
  PENDING: 0,
  PAID: 1,
  FAILED: 1,
  RETURNED: 2,
};

export type ProviderRecordsPage =
  | { readonly kind: 'PAGE'; readonly records: readonly ProviderRecord[]; readonly next: string | null }
  /** Unreachable, timed out, 429 or 5xx: the run retries the same page; nothing was read. */
  | { readonly kind: 'UNAVAILABLE'; readonly detail: string; readonly retryAfterMs?: number };

/** Reads a provider's book of record, one UTC day at a time, page by page. */
export interface ProviderRecordsReader {
  readonly provider: string;
  /**
   * One page of the records the provider created on `day` (`YYYY-MM-DD`, UTC), from `cursor` (null for the first
   * page; `next` of the previous page after it). Never throws; settles within the rail timeout.
   */
  readPage(day: string, cursor: string | null): Promise<ProviderRecordsPage>;
}
