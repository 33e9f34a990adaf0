import {
  RECONCILIATION_EXCEPTION_TYPES,
  type ReconciliationExceptionType,
} from './reconciliation-exception.js';

export type ExceptionCounts = Readonly<Record<ReconciliationExceptionType, number>>;

/** Every type, none found. */
export const NO_EXCEPTIONS: ExceptionCounts = Object.fromEntries(
  RECONCILIATION_EXCEPTION_TYPES.map((type) => [type, 0]),
) as ExceptionCounts;

/** One reconciliation of one provider-day, as `npm run reconcile` prints it and the runs list shows it. */
export interface ReconciliationRun {
  readonly id: string;
  readonly provider: string;
  /** `YYYY-MM-DD`, UTC: the day the provider's records were created. */
  readonly day: string;
  readonly startedAt: Date;
  readonly finishedAt: Date;
  /** Records the provider listed for the day. */
  readonly records: number;
  /** Records that agree with their withdrawal in amount, currency and final state. */
  readonly matched: number;
  /** Records and withdrawals not final yet, inside their provider's settlement window: looked at again later. */
  readonly pending: number;
  /** The discrepancies this run found, by type, whether it opened them or an earlier run had. */
  readonly exceptions: ExceptionCounts;
  /** How many of those this run opened (0 on a rerun of a day already reconciled). */
  readonly opened: number;
}
