import type { ReportReads, WithdrawalReportRow } from '../ports/report-reads.port.js';
import type { RunLine } from '../reconciliation/run-line.js';
import type { Withdrawal } from '../withdrawal/withdrawal.js';
import type { InMemoryState } from './in-memory-state.js';
import { byCreation } from './page-of.js';

const reportRow = (w: Withdrawal): WithdrawalReportRow => ({
  id: w.id,
  merchantId: w.merchantId,
  entityId: w.entityId,
  walletId: w.walletId,
  linkedAccountId: w.linkedAccountId,
  flow: w.flow,
  rail: w.rail,
  railProvider: w.railProvider,
  railReference: w.railReference,
  currency: w.currency,
  amount: w.amount,
  fees: w.fees,
  total: w.total,
  status: w.status,
  failureReason: w.failureReason,
  failureCode: w.failureCode,
  reason: w.reason,
  createdAt: w.createdAt,
  submittedAt: w.submittedAt,
  updatedAt: w.updatedAt,
});

const text = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** The rows after the one whose key is `after` in `sorted`, at most `limit`; none when `after` is in no row. */
function batchAfter<T>(
  sorted: readonly T[],
  keyOf: (row: T) => string,
  after: string | null,
  limit: number,
): T[] {
  const at = after === null ? -1 : sorted.findIndex((row) => keyOf(row) === after);
  if (at < 0 && after !== null) return [];
  return sorted.slice(at + 1, at + 1 + limit);
}

/** ReportReads over the in-memory state, batch by batch as the Knex adapter reads them. */
export function inMemoryReportReads(state: () => InMemoryState): ReportReads {
  const withdrawalOf = (id: string | null): RunLine['withdrawal'] => {
    const w = id === null ? undefined : state().withdrawals.get(id);
    return w ? { id: w.id, amount: w.amount, currency: w.currency, status: w.status } : null;
  };
  const exceptionsAbout = (provider: string, subject: string) =>
    [...state().reconciliationExceptions.values()]
      .filter((e) => e.provider === provider && e.subject === subject)
      .sort((a, b) => a.openedAt.getTime() - b.openedAt.getTime() || text(a.id, b.id))
      .map((e) => ({ id: e.id, type: e.type, resolution: e.resolution?.action ?? null }));
  return {
    withdrawals: async (filter, after, limit) =>
      batchAfter(
        [...state().withdrawals.values()]
          .filter(
            (w) =>
              w.createdAt >= filter.from &&
              w.createdAt < filter.to &&
              (filter.merchantId === undefined || w.merchantId === filter.merchantId),
          )
          .sort(byCreation),
        (w) => w.id,
        after,
        limit,
      ).map(reportRow),
    findRun: async (id) => state().reconciliationRuns.find((run) => run.id === id) ?? null,
    recordLines: async (provider, day, after, limit) =>
      batchAfter(
        [...state().providerRecords.values()]
          .filter((r) => r.provider === provider && r.day === day)
          .sort((a, b) => text(a.providerId, b.providerId)),
        (r) => r.providerId,
        after,
        limit,
      ).map((record) => ({
        record,
        withdrawal: withdrawalOf(record.withdrawalId),
        exceptions: exceptionsAbout(provider, record.withdrawalId ?? record.providerId),
      })),
    missingLines: async (provider, day, after, limit) =>
      batchAfter(
        [...state().reconciliationExceptions.values()]
          .filter((e) => e.provider === provider && e.day === day && e.type === 'MISSING_AT_PROVIDER')
          .sort((a, b) => text(a.id, b.id)),
        (e) => e.id,
        after,
        limit,
      ).map((e) => ({
        record: null,
        withdrawal: withdrawalOf(e.withdrawalId),
        exceptions: [{ id: e.id, type: e.type, resolution: e.resolution?.action ?? null }],
      })),
  };
}
