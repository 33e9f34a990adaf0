import type { ReportReads, WithdrawalReportRow } from '../../ports/report-reads.port.js';
import type { Principal } from '../../ports/token-verifier.port.js';
import type { Repositories, UnitOfWork } from '../../ports/unit-of-work.port.js';
import { dayBounds } from '../../reconciliation/provider-day.js';
import type { ReconciliationRun } from '../../reconciliation/reconciliation-run.js';
import type { RunLine } from '../../reconciliation/run-line.js';
import { validationError } from '../../shared/domain-error.js';
import { isUuid } from '../../shared/request-field.js';
import { err, ok, type Result } from '../../shared/result.js';
import { notFound, requireOperator } from '../operator/operator-deps.js';

/** Rows a report reads per batch unless told otherwise. */
export const REPORT_BATCH_SIZE = 500;

/** Batches of a report's rows, read one at a time as the consumer asks for the next. */
export type ReportBatches<T> = AsyncIterable<readonly T[]>;

/** The withdrawals export: UTC days, both included; one merchant's or every merchant's. */
export interface WithdrawalExportQuery {
  readonly from: string;
  readonly to: string;
  readonly merchantId?: string;
}

export interface WithdrawalExport {
  readonly from: string;
  readonly to: string;
  readonly merchantId: string | null;
  readonly batches: ReportBatches<WithdrawalReportRow>;
}

export interface RunLinesExport {
  readonly run: ReconciliationRun;
  readonly batches: ReportBatches<RunLine>;
}

/**
 * Reads `read(after)` batch after batch, each after the key of the last row of the one before, until a batch comes
 * back short: the caller holds one batch at a time, and the next is read only when it asks for it.
 */
async function* keysetBatches<T>(
  read: (after: string | null) => Promise<readonly T[]>,
  keyOf: (row: T) => string,
  limit: number,
): AsyncGenerator<readonly T[]> {
  let after: string | null = null;
  for (;;) {
    const batch = await read(after);
    if (batch.length > 0) yield batch;
    const last = batch.at(-1);
    if (batch.length < limit || last === undefined) return;
    after = keyOf(last);
  }
}

/**
 * The operator's CSV reports (docs/reconciliation.md#reports), as batches for the HTTP adapter to stream: the
 * withdrawals created in a range of days, and a reconciliation run's lines (its provider-day's records, then the
 * payouts the provider had no record of). Nothing is read until the first batch is asked for, and never more than
 * one batch ahead of the consumer.
 */
export class OperatorReports {
  private readonly batchSize: number;

  constructor(private readonly deps: { readonly unitOfWork: UnitOfWork; readonly batchSize?: number }) {
    this.batchSize = deps.batchSize ?? REPORT_BATCH_SIZE;
  }

  async withdrawals(principal: Principal, query: WithdrawalExportQuery): Promise<Result<WithdrawalExport>> {
    const allowed = requireOperator(principal);
    if (!allowed.ok) return allowed;
    const from = dayBounds(query.from);
    if (!from) return err(validationError('from', 'from must be a date YYYY-MM-DD'));
    const to = dayBounds(query.to);
    if (!to) return err(validationError('to', 'to must be a date YYYY-MM-DD'));
    if (to.from < from.from) return err(validationError('to', 'to must not be before from'));
    const read = await this.deps.unitOfWork.readFor(principal);
    const merchantId = query.merchantId?.toLowerCase();
    if (merchantId !== undefined && !(isUuid(merchantId) && (await read.merchants.findById(merchantId))))
      return err(notFound('Merchant'));
    const filter = { from: from.from, to: to.to, ...(merchantId === undefined ? {} : { merchantId }) };
    const limit = this.batchSize;
    return ok({
      from: query.from,
      to: query.to,
      merchantId: merchantId ?? null,
      batches: keysetBatches(
        (after) => read.reports.withdrawals(filter, after, limit),
        (w) => w.id,
        limit,
      ),
    });
  }

  async runLines(principal: Principal, runId: string): Promise<Result<RunLinesExport>> {
    const allowed = requireOperator(principal);
    if (!allowed.ok) return allowed;
    const read = await this.deps.unitOfWork.readFor(principal);
    const run = await read.reports.findRun(runId);
    if (!run) return err(notFound('Reconciliation run'));
    return ok({ run, batches: this.lines(read, run) });
  }

  private async *lines(read: Repositories, run: ReconciliationRun): AsyncGenerator<readonly RunLine[]> {
    const reports: ReportReads = read.reports;
    const limit = this.batchSize;
    yield* keysetBatches(
      (after) => reports.recordLines(run.provider, run.day, after, limit),
      (line) => line.record?.providerId ?? '',
      limit,
    );
    yield* keysetBatches(
      (after) => reports.missingLines(run.provider, run.day, after, limit),
      (line) => line.exceptions[0]?.id ?? '',
      limit,
    );
  }
}
