import { Decimal } from 'decimal.js';
import type { ProviderRecord } from '../ports/provider-records.port.js';
import type { Withdrawal } from '../withdrawal/withdrawal.js';
import { recordEvidence, returnWatchEnded, withdrawalEvidence } from './evidence.js';
import type { ReconciliationException, ReconciliationExceptionType } from './reconciliation-exception.js';

/** An exception as a run finds it, before it is given an id, a day and an opening time. */
export type ExceptionDraft = Pick<
  ReconciliationException,
  'type' | 'subject' | 'withdrawalId' | 'providerId' | 'since' | 'evidence'
>;

/** What a run makes of one withdrawal's records, or of one record naming none of ours. */
export interface Judgement {
  /** The record compared with the withdrawal: the one that moved money, else the first. */
  readonly primary: ProviderRecord | null;
  /** Amount, currency and final state agree, and no second payout was made. */
  readonly matched: boolean;
  /** Not final on one side, inside the provider's settlement window: to be looked at again. */
  readonly pending: boolean;
  readonly exceptions: readonly ExceptionDraft[];
}

export interface JudgingContext {
  readonly now: Date;
  /** The provider's settlement window (settlement-windows.ts). */
  readonly windowMs: number;
}

const earliestFirst = (a: ProviderRecord, b: ProviderRecord): number =>
  Number(a.state === 'FAILED') - Number(b.state === 'FAILED') ||
  a.createdAt.getTime() - b.createdAt.getTime() ||
  (a.providerId < b.providerId ? -1 : a.providerId > b.providerId ? 1 : 0);

/** Exactly, as decimals: "12.3", "12.30" and "12.300" are one amount; anything unparsable is another. */
function sameAmount(reported: string, ours: Withdrawal['amount']): boolean {
  try {
    return new Decimal(reported).equals(new Decimal(ours.toString()));
  } catch {
    return false;
  }
}

type StateVerdict =
  | 'AGREE'
  | 'PENDING'
  | Extract<ReconciliationExceptionType, 'STATUS_MISMATCH' | 'LATE_RETURN'>;

/**
 * The provider's state against ours (docs/reconciliation.md#matching): final on both sides they must agree (paid is
 * SUCCESS; failed or returned is FAILED); a side not final is pending until the window passed, then a mismatch; a
 * return we still hold as SUCCESS is late once our return watch ended, and pending while it still runs.
 */
function stateVerdict(
  record: ProviderRecord,
  w: Withdrawal,
  { now, windowMs }: JudgingContext,
): StateVerdict {
  const windowPassed = now.getTime() - (w.submittedAt ?? record.createdAt).getTime() >= windowMs;
  const oursFinal = w.status === 'SUCCESS' || w.status === 'FAILED';
  const unsettled = (): StateVerdict => (windowPassed ? 'STATUS_MISMATCH' : 'PENDING');
  switch (record.state) {
    case 'PENDING':
      return unsettled();
    case 'PAID':
      if (w.status === 'SUCCESS') return 'AGREE';
      return oursFinal ? 'STATUS_MISMATCH' : unsettled();
    case 'FAILED':
      if (w.status === 'FAILED') return 'AGREE';
      return oursFinal ? 'STATUS_MISMATCH' : unsettled();
    case 'RETURNED':
      if (w.status === 'FAILED') return 'AGREE';
      if (w.status === 'SUCCESS') return returnWatchEnded(w) ? 'LATE_RETURN' : 'PENDING';
      return unsettled();
  }
}

/** The records that name no withdrawal of ours: each that moved or may move money is unknown to us. */
export function judgeUnknown(records: readonly ProviderRecord[]): Judgement {
  return {
    primary: null,
    matched: false,
    pending: false,
    exceptions: records
      .filter((r) => r.state !== 'FAILED')
      .map((r) => ({
        type: 'UNKNOWN_AT_PROVIDER',
        subject: r.providerId,
        withdrawalId: null,
        providerId: r.providerId,
        since: r.createdAt,
        evidence: { ours: null, provider: recordEvidence(r) },
      })),
  };
}

/** One withdrawal against every record the provider lists under its reference (at least one). */
export function judgeRecords(
  records: readonly ProviderRecord[],
  w: Withdrawal,
  context: JudgingContext,
): Judgement {
  const [primary, ...others] = [...records].sort(earliestFirst);
  if (!primary) throw new Error(`no record to judge withdrawal ${w.id} by`);
  const ours = withdrawalEvidence(w);
  const exceptions: ExceptionDraft[] = [];
  const draft = (type: ReconciliationExceptionType, since: Date, provider = recordEvidence(primary)) =>
    exceptions.push({
      type,
      subject: w.id,
      withdrawalId: w.id,
      providerId: primary.providerId,
      since,
      evidence: { ours, provider },
    });
  const duplicates = others.filter((r) => r.state !== 'FAILED');
  if (duplicates.length > 0)
    draft(
      'DUPLICATE_AT_PROVIDER',
      duplicates[0]?.createdAt ?? primary.createdAt,
      [primary, ...others].map(recordEvidence),
    );
  const amountAgrees = sameAmount(primary.amount, w.amount) && primary.currency.toUpperCase() === w.currency;
  if (!amountAgrees) draft('AMOUNT_MISMATCH', primary.createdAt);
  const verdict = stateVerdict(primary, w, context);
  if (verdict === 'STATUS_MISMATCH') draft(verdict, w.submittedAt ?? primary.createdAt);
  if (verdict === 'LATE_RETURN') draft(verdict, primary.finalAt ?? primary.createdAt);
  return {
    primary,
    matched: amountAgrees && verdict === 'AGREE' && duplicates.length === 0,
    pending: verdict === 'PENDING',
    exceptions,
  };
}

/**
 * A withdrawal the provider accepted (by its rail's answer) that no record names: missing once the provider's
 * window has passed since its submission, pending before.
 */
export function judgeMissing(w: Withdrawal, { now, windowMs }: JudgingContext): Judgement {
  const since = w.submittedAt ?? w.createdAt;
  if (now.getTime() - since.getTime() < windowMs)
    return { primary: null, matched: false, pending: true, exceptions: [] };
  return {
    primary: null,
    matched: false,
    pending: false,
    exceptions: [
      {
        type: 'MISSING_AT_PROVIDER',
        subject: w.id,
        withdrawalId: w.id,
        providerId: null,
        since,
        evidence: { ours: withdrawalEvidence(w), provider: null },
      },
    ],
  };
}
