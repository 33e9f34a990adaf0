import type {
  ReconciliationException,
  ReconciliationExceptionType,
} from '../reconciliation/reconciliation-exception.js';
import type { ReconciliationRun } from '../reconciliation/reconciliation-run.js';
import type { Page, PageRequest } from './page.js';
import type { ProviderRecord } from './provider-records.port.js';

/** A provider's record as stored: what it said when last read, and the withdrawal it was matched to. */
export interface StoredProviderRecord extends ProviderRecord {
  /** The provider-day it was read under. */
  readonly day: string;
  /** Our withdrawal it names, once a run matched it; null for none of ours or not matched yet. */
  readonly withdrawalId: string | null;
  readonly firstReadAt: Date;
  readonly lastReadAt: Date;
}

/** Which exceptions a list shows: each field given narrows it. */
export interface ExceptionFilter {
  readonly state?: 'open' | 'resolved';
  readonly type?: ReconciliationExceptionType;
  readonly provider?: string;
  /** Only those whose discrepancy began before this instant (`since`): older than an age. */
  readonly olderThan?: Date;
}

export interface RunFilter {
  readonly provider?: string;
  readonly day?: string;
}

/**
 * Reconciliation's own rows, inside the unit of work (docs/reconciliation.md): the providers' records as read, the
 * exceptions found, the runs made, and the reads of withdrawals that matching needs.
 */
export interface ReconciliationStore {
  /**
   * Stores records read under `day`: one row per (provider, providerId), inserted the first time and updated
   * after (amount, currency, state, provider state, final time, fee, last read), never duplicated. The day it was
   * first read under, its creation time and its match are kept; a reference or fee a read lacks keeps the stored
   * one. A read whose state is behind the stored one (RECORD_STATE_STEP) updates the last read alone. Of one
   * record read twice in `records`, the one further along counts, the later of two alike.
   */
  saveRecords(day: string, records: readonly ProviderRecord[], readAt: Date): Promise<void>;
  /** Notes the withdrawal a stored record names (idempotent); a record not stored is a bug and throws. */
  matchRecord(provider: string, providerId: string, withdrawalId: string): Promise<void>;
  /** The stored records of one provider-day, by provider id. */
  recordsOfDay(provider: string, day: string): Promise<readonly StoredProviderRecord[]>;
  /**
   * The withdrawals `provider` served that `references` name, by withdrawal id or by the reference the rail
   * answered at submission: reference → withdrawal id, for the references that name one.
   */
  withdrawalIdsByReference(
    provider: string,
    references: readonly string[],
  ): Promise<ReadonlyMap<string, string>>;
  /**
   * Withdrawals `provider` served and accepted (a rail reference), submitted in [from, to), that no stored record
   * names: candidates for MISSING_AT_PROVIDER. Oldest submission first.
   */
  withdrawalIdsWithoutRecord(provider: string, from: Date, to: Date): Promise<readonly string[]>;
  /**
   * Opens `exception` unless one of the same provider, type and subject exists, open or resolved (a unique key):
   * true when this call opened it. Never fails the unit for the duplicate.
   */
  openException(exception: ReconciliationException): Promise<boolean>;
  findException(id: string): Promise<ReconciliationException | null>;
  /** Reads the exception locked until the unit ends: resolutions of it are serialised. */
  lockException(id: string): Promise<ReconciliationException | null>;
  /** Writes a resolution on an open exception, locked in this unit; throws if it is resolved already. */
  resolveException(exception: ReconciliationException): Promise<void>;
  /** Exceptions newest opened first (`desc`) or oldest first, keyset-paginated by id (PageRequest). */
  listExceptions(filter: ExceptionFilter, page: PageRequest): Promise<Page<ReconciliationException>>;
  /** The open exceptions by provider and type: what the gauge of open exceptions reports. */
  countOpenExceptions(): Promise<
    readonly {
      readonly provider: string;
      readonly type: ReconciliationExceptionType;
      readonly count: number;
    }[]
  >;
  recordRun(run: ReconciliationRun): Promise<void>;
  /** Runs newest finished first (`desc`) or oldest first, keyset-paginated by id. */
  listRuns(filter: RunFilter, page: PageRequest): Promise<Page<ReconciliationRun>>;
}
