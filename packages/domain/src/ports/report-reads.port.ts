import type { ReconciliationRun } from '../reconciliation/reconciliation-run.js';
import type { RunLine } from '../reconciliation/run-line.js';
import type { Withdrawal } from '../withdrawal/withdrawal.js';

/** The withdrawals an export covers: created in [from, to), of one merchant or of all. */
export interface WithdrawalExportFilter {
  readonly from: Date;
  readonly to: Date;
  readonly merchantId?: string;
}

/** What the withdrawals export shows of each withdrawal. */
export type WithdrawalReportRow = Pick<
  Withdrawal,
  | 'id'
  | 'merchantId'
  | 'entityId'
  | 'walletId'
  | 'linkedAccountId'
  | 'flow'
  | 'rail'
  | 'railProvider'
  | 'railReference'
  | 'currency'
  | 'amount'
  | 'fees'
  | 'total'
  | 'status'
  | 'failureReason'
  | 'failureCode'
  | 'reason'
  | 'createdAt'
  | 'submittedAt'
  | 'updatedAt'
>;

/**
 * The reads behind the operator's CSV reports (docs/reconciliation.md#reports), one bounded batch at a time: a
 * caller holds one batch, asks for the next after its last row, and an export of any length costs that much memory.
 * Each batch is a plain read of its own (no lock, no transaction spanning the export): rows committed between two
 * batches after the cursor's position are in the export, rows before it are not.
 */
export interface ReportReads {
  /**
   * At most `limit` of the withdrawals `filter` covers, oldest first by creation time then id, after the one
   * `after` names (null: from the first).
   */
  withdrawals(
    filter: WithdrawalExportFilter,
    after: string | null,
    limit: number,
  ): Promise<readonly WithdrawalReportRow[]>;
  /** A run by id; null for none (or an id that is not one). */
  findRun(id: string): Promise<ReconciliationRun | null>;
  /**
   * At most `limit` of the provider's stored records of the provider-day, by provider id after `after` (null: from
   * the first), each with the withdrawal it was matched to and the exceptions about it (of its withdrawal, or of
   * the record itself when it names none of ours), oldest opened first.
   */
  recordLines(
    provider: string,
    day: string,
    after: string | null,
    limit: number,
  ): Promise<readonly RunLine[]>;
  /**
   * At most `limit` of the payouts that runs of the provider-day found missing at the provider: its
   * MISSING_AT_PROVIDER exceptions by exception id after `after`, each with its withdrawal and no record.
   */
  missingLines(
    provider: string,
    day: string,
    after: string | null,
    limit: number,
  ): Promise<readonly RunLine[]>;
}
