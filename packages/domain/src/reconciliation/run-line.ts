import { Decimal } from 'decimal.js';
import type { StoredProviderRecord } from '../ports/reconciliation-store.port.js';
import type { Withdrawal } from '../withdrawal/withdrawal.js';
import type { ReconciliationExceptionType, ResolutionAction } from './reconciliation-exception.js';

/** An exception about a line: its type, and how it was resolved (null while open). */
export interface RunLineException {
  readonly id: string;
  readonly type: ReconciliationExceptionType;
  readonly resolution: ResolutionAction | null;
}

/**
 * One line of a provider-day's reconciliation (docs/reconciliation.md#reports): a record of the provider's with the
 * withdrawal it names and the exceptions about it, or a payout of ours the provider has no record of.
 */
export interface RunLine {
  /** The provider's record as last read; null for a withdrawal the provider does not list (MISSING_AT_PROVIDER). */
  readonly record: StoredProviderRecord | null;
  readonly withdrawal: Pick<Withdrawal, 'id' | 'amount' | 'currency' | 'status'> | null;
  readonly exceptions: readonly RunLineException[];
}

/**
 * A line as it stands now: an open exception about it; every exception about it resolved; the record agreeing
 * with its withdrawal in amount, currency and final state; not final on one side yet; or a record naming none of
 * our withdrawals that opened nothing (one that moved no money).
 */
export type RunLineOutcome = 'EXCEPTION' | 'RESOLVED' | 'MATCHED' | 'PENDING' | 'UNMATCHED';

const FINAL_AS: Readonly<Record<StoredProviderRecord['state'], Withdrawal['status'] | null>> = {
  PAID: 'SUCCESS',
  FAILED: 'FAILED',
  RETURNED: 'FAILED',
  PENDING: null,
};

function sameAmount(reported: string, ours: Withdrawal['amount']): boolean {
  try {
    return new Decimal(reported).equals(new Decimal(ours.toString()));
  } catch {
    return false;
  }
}

export function runLineOutcome(line: RunLine): RunLineOutcome {
  if (line.exceptions.some((e) => e.resolution === null)) return 'EXCEPTION';
  if (line.exceptions.length > 0) return 'RESOLVED';
  const { record, withdrawal } = line;
  if (!record || !withdrawal) return 'UNMATCHED';
  const agrees =
    sameAmount(record.amount, withdrawal.amount) &&
    record.currency.toUpperCase() === withdrawal.currency &&
    FINAL_AS[record.state] === withdrawal.status;
  return agrees ? 'MATCHED' : 'PENDING';
}
