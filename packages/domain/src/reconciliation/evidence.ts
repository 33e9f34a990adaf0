import type { AuditValue } from '../audit/audit-entry.js';
import type { ProviderRecord } from '../ports/provider-records.port.js';
import type { Withdrawal } from '../withdrawal/withdrawal.js';

/** Our return watch is over: a settled withdrawal no worker will ask about again. */
export const returnWatchEnded = (withdrawal: Withdrawal): boolean =>
  withdrawal.status === 'SUCCESS' && withdrawal.nextCheckAt === null;

/** Our side of an exception, as it stood when the exception was opened. */
export const withdrawalEvidence = (w: Withdrawal): AuditValue => ({
  id: w.id,
  status: w.status,
  amount: w.amount.toString(),
  currency: w.currency,
  rail: w.rail,
  railProvider: w.railProvider,
  railReference: w.railReference,
  submittedAt: w.submittedAt?.toISOString() ?? null,
  failureReason: w.failureReason,
  reversed: w.reversed,
  returnWatchEnded: returnWatchEnded(w),
});

/** The provider's side: its record exactly as read. */
export const recordEvidence = (r: ProviderRecord): AuditValue => ({
  providerId: r.providerId,
  reference: r.reference,
  amount: r.amount,
  currency: r.currency,
  state: r.state,
  providerState: r.providerState,
  createdAt: r.createdAt.toISOString(),
  finalAt: r.finalAt?.toISOString() ?? null,
  fee: r.fee,
});
