import type { AuditValue } from '../audit/audit-entry.js';

/** docs/reconciliation.md#exception-types: what a provider's records and ours can disagree about. */
export const RECONCILIATION_EXCEPTION_TYPES = [
  /** We hold a payout the provider accepted, and the provider lists no record of it once its window passed. */
  'MISSING_AT_PROVIDER',
  /** The provider lists a payout that names none of our withdrawals. */
  'UNKNOWN_AT_PROVIDER',
  /** The provider's amount or currency is not the withdrawal's, to the cent. */
  'AMOUNT_MISMATCH',
  /** The provider's state and ours disagree (paid and failed, or not final once the window passed). */
  'STATUS_MISMATCH',
  /** The provider returned a payout after our return watch ended: we still hold it as SUCCESS. */
  'LATE_RETURN',
  /** The provider lists more than one payout under one withdrawal's reference. */
  'DUPLICATE_AT_PROVIDER',
] as const;
export type ReconciliationExceptionType = (typeof RECONCILIATION_EXCEPTION_TYPES)[number];

/**
 * How an operator resolves an exception (docs/reconciliation.md#resolving): FAIL ends the withdrawal FAILED with
 * its debit reversed; REVERSE books a late return (FAILED, settlement returned and debit reversed, once);
 * ACKNOWLEDGE keeps both sides as they are (a late acceptance kept, a provider's own payout, a fee of theirs).
 */
export const RESOLUTION_ACTIONS = ['FAIL', 'REVERSE', 'ACKNOWLEDGE'] as const;
export type ResolutionAction = (typeof RESOLUTION_ACTIONS)[number];

/** The actions each type allows; the move itself is still checked against the withdrawal's state. */
export const RESOLUTIONS_OF: Readonly<Record<ReconciliationExceptionType, readonly ResolutionAction[]>> = {
  MISSING_AT_PROVIDER: ['FAIL', 'ACKNOWLEDGE'],
  UNKNOWN_AT_PROVIDER: ['ACKNOWLEDGE'],
  AMOUNT_MISMATCH: ['ACKNOWLEDGE'],
  STATUS_MISMATCH: ['FAIL', 'REVERSE', 'ACKNOWLEDGE'],
  LATE_RETURN: ['REVERSE', 'ACKNOWLEDGE'],
  DUPLICATE_AT_PROVIDER: ['ACKNOWLEDGE'],
};

/** What each side showed when the exception was opened: our withdrawal and the provider's record(s), as JSON. */
export interface ExceptionEvidence {
  readonly ours: AuditValue;
  readonly provider: AuditValue;
}

export interface ExceptionResolution {
  readonly action: ResolutionAction;
  readonly reason: string;
  /** The operator's `sub`. */
  readonly by: string;
  readonly at: Date;
}

/**
 * One discrepancy between a provider's records and ours. At most one exists per (provider, type, subject), open or
 * resolved, so that reading a provider-day again opens nothing twice. It moves no money: only its resolution may.
 */
export interface ReconciliationException {
  readonly id: string;
  readonly provider: string;
  /** The provider-day (`YYYY-MM-DD`, UTC) whose run found it. */
  readonly day: string;
  readonly type: ReconciliationExceptionType;
  /** What makes it one of a kind: the withdrawal's id, or the provider's id of a record naming none of ours. */
  readonly subject: string;
  readonly withdrawalId: string | null;
  readonly providerId: string | null;
  /** When the discrepancy began (the provider's record created, or the payout submitted): its age counts from here. */
  readonly since: Date;
  readonly openedAt: Date;
  readonly evidence: ExceptionEvidence;
  /** Null while open. */
  readonly resolution: ExceptionResolution | null;
}

export const exceptionAgeMs = (exception: Pick<ReconciliationException, 'since'>, now: Date): number =>
  Math.max(0, now.getTime() - exception.since.getTime());

export const isResolutionAction = (value: unknown): value is ResolutionAction =>
  RESOLUTION_ACTIONS.includes(value as ResolutionAction);

export const isExceptionType = (value: unknown): value is ReconciliationExceptionType =>
  RECONCILIATION_EXCEPTION_TYPES.includes(value as ReconciliationExceptionType);
