import type {
  ExceptionCounts,
  ExceptionEvidence,
  ProviderRecord,
  ProviderRecordState,
  ReconciliationException,
  ReconciliationRun,
  ResolutionAction,
  StoredProviderRecord,
} from '@payout/domain';

/**
 * A `date` column as the day it names: the driver reads it as that day's local midnight, so the local calendar
 * fields give it back whatever the process's time zone.
 */
const dayOf = (value: Date | string): string =>
  typeof value === 'string'
    ? value.slice(0, 10)
    : `${value.getFullYear()}-${String(value.getMonth() + 1).padStart(2, '0')}-${String(value.getDate()).padStart(2, '0')}`;

export interface RecordRow {
  provider: string;
  provider_id: string;
  day: Date | string;
  reference: string | null;
  amount: string;
  currency: string;
  state: ProviderRecordState;
  provider_state: string;
  created_at: Date;
  final_at: Date | null;
  fee: string | null;
  withdrawal_id: string | null;
  first_read_at: Date;
  last_read_at: Date;
}

export const recordRow = (day: string, r: ProviderRecord, readAt: Date): RecordRow => ({
  provider: r.provider,
  provider_id: r.providerId,
  day,
  reference: r.reference,
  amount: r.amount,
  currency: r.currency,
  state: r.state,
  provider_state: r.providerState,
  created_at: r.createdAt,
  final_at: r.finalAt,
  fee: r.fee,
  withdrawal_id: null,
  first_read_at: readAt,
  last_read_at: readAt,
});

export const toRecord = (row: RecordRow): StoredProviderRecord => ({
  provider: row.provider,
  providerId: row.provider_id,
  day: dayOf(row.day),
  reference: row.reference,
  amount: row.amount,
  currency: row.currency,
  state: row.state,
  providerState: row.provider_state,
  createdAt: row.created_at,
  finalAt: row.final_at,
  fee: row.fee,
  withdrawalId: row.withdrawal_id,
  firstReadAt: row.first_read_at,
  lastReadAt: row.last_read_at,
});

export interface ExceptionRow {
  id: string;
  provider: string;
  day: Date | string;
  type: ReconciliationException['type'];
  subject: string;
  withdrawal_id: string | null;
  provider_id: string | null;
  since: Date;
  opened_at: Date;
  evidence: ExceptionEvidence;
  resolution_action: ResolutionAction | null;
  resolution_reason: string | null;
  resolved_by: string | null;
  resolved_at: Date | null;
}

export const toException = (row: ExceptionRow): ReconciliationException => ({
  id: row.id,
  provider: row.provider,
  day: dayOf(row.day),
  type: row.type,
  subject: row.subject,
  withdrawalId: row.withdrawal_id,
  providerId: row.provider_id,
  since: row.since,
  openedAt: row.opened_at,
  evidence: row.evidence,
  resolution:
    row.resolution_action === null
      ? null
      : {
          action: row.resolution_action,
          reason: row.resolution_reason as string,
          by: row.resolved_by as string,
          at: row.resolved_at as Date,
        },
});

export interface RunRow {
  id: string;
  provider: string;
  day: Date | string;
  started_at: Date;
  finished_at: Date;
  records: number;
  matched: number;
  pending: number;
  opened: number;
  exceptions: ExceptionCounts;
}

export const toRun = (row: RunRow): ReconciliationRun => ({
  id: row.id,
  provider: row.provider,
  day: dayOf(row.day),
  startedAt: row.started_at,
  finishedAt: row.finished_at,
  records: row.records,
  matched: row.matched,
  pending: row.pending,
  exceptions: row.exceptions,
  opened: row.opened,
});
