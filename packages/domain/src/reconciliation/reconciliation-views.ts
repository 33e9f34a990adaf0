import type { AuditValue } from '../audit/audit-entry.js';
import {
  exceptionAgeMs,
  RESOLUTIONS_OF,
  type ReconciliationException,
  type ReconciliationExceptionType,
  type ResolutionAction,
} from './reconciliation-exception.js';
import type { ExceptionCounts, ReconciliationRun } from './reconciliation-run.js';

/** A reconciliation exception as the operator API shows it. */
export interface ReconciliationExceptionView {
  readonly id: string;
  readonly provider: string;
  readonly day: string;
  readonly type: ReconciliationExceptionType;
  readonly state: 'open' | 'resolved';
  readonly withdrawalId: string | null;
  readonly providerId: string | null;
  /** When the discrepancy began. */
  readonly since: string;
  /** Seconds from `since` to now, or to the resolution once resolved. */
  readonly ageSeconds: number;
  readonly openedAt: string;
  readonly evidence: { readonly ours: AuditValue; readonly provider: AuditValue };
  /** The actions its type allows (docs/reconciliation.md#resolving); none once resolved. */
  readonly actions: readonly ResolutionAction[];
  readonly resolution: {
    readonly action: ResolutionAction;
    readonly reason: string;
    readonly by: string;
    readonly at: string;
  } | null;
}

export const reconciliationExceptionView = (
  e: ReconciliationException,
  now: Date,
): ReconciliationExceptionView => ({
  id: e.id,
  provider: e.provider,
  day: e.day,
  type: e.type,
  state: e.resolution === null ? 'open' : 'resolved',
  withdrawalId: e.withdrawalId,
  providerId: e.providerId,
  since: e.since.toISOString(),
  ageSeconds: Math.floor(exceptionAgeMs(e, e.resolution?.at ?? now) / 1000),
  openedAt: e.openedAt.toISOString(),
  evidence: { ours: e.evidence.ours, provider: e.evidence.provider },
  actions: e.resolution === null ? [...RESOLUTIONS_OF[e.type]] : [],
  resolution: e.resolution && {
    action: e.resolution.action,
    reason: e.resolution.reason,
    by: e.resolution.by,
    at: e.resolution.at.toISOString(),
  },
});

/** A reconciliation run as the operator API shows it. */
export interface ReconciliationRunView {
  readonly id: string;
  readonly provider: string;
  readonly day: string;
  readonly startedAt: string;
  readonly finishedAt: string;
  readonly records: number;
  readonly matched: number;
  readonly pending: number;
  readonly opened: number;
  readonly exceptions: ExceptionCounts;
}

export const reconciliationRunView = (run: ReconciliationRun): ReconciliationRunView => ({
  id: run.id,
  provider: run.provider,
  day: run.day,
  startedAt: run.startedAt.toISOString(),
  finishedAt: run.finishedAt.toISOString(),
  records: run.records,
  matched: run.matched,
  pending: run.pending,
  opened: run.opened,
  exceptions: run.exceptions,
});
