import {
  type RunLine,
  type RunLineException,
  runLineOutcome,
  type WithdrawalReportRow,
} from '@payout/domain';
import type { CsvColumns } from './csv.js';

const instant = (date: Date | null): string | null => date?.toISOString() ?? null;

/** `withdrawals.csv`: money as the exact decimal text the ledger holds, instants in UTC. */
export const WITHDRAWAL_COLUMNS: CsvColumns<WithdrawalReportRow> = [
  ['id', (w) => w.id],
  ['merchantId', (w) => w.merchantId],
  ['entityId', (w) => w.entityId],
  ['walletId', (w) => w.walletId],
  ['linkedAccountId', (w) => w.linkedAccountId],
  ['flow', (w) => w.flow],
  ['rail', (w) => w.rail],
  ['provider', (w) => w.railProvider],
  ['providerReference', (w) => w.railReference],
  ['currency', (w) => w.currency],
  ['amount', (w) => w.amount.toString()],
  ['fees', (w) => w.fees.toString()],
  ['total', (w) => w.total.toString()],
  ['status', (w) => w.status],
  ['failureReason', (w) => w.failureReason],
  ['failureCode', (w) => w.failureCode],
  ['reason', (w) => w.reason],
  ['createdAt', (w) => instant(w.createdAt)],
  ['submittedAt', (w) => instant(w.submittedAt)],
  ['updatedAt', (w) => instant(w.updatedAt)],
];

/** `AMOUNT_MISMATCH (open)`, `LATE_RETURN (REVERSE)`. */
const exceptionText = (e: RunLineException): string => `${e.type} (${e.resolution ?? 'open'})`;

/** A run's `lines.csv`: the provider's side, ours, and what reconciliation makes of them now. */
export const RUN_LINE_COLUMNS: CsvColumns<RunLine> = [
  ['outcome', (l) => runLineOutcome(l)],
  ['exceptions', (l) => l.exceptions.map(exceptionText).join('; ')],
  ['exceptionIds', (l) => l.exceptions.map((e) => e.id).join(' ')],
  ['providerId', (l) => l.record?.providerId ?? null],
  ['reference', (l) => l.record?.reference ?? null],
  ['amount', (l) => l.record?.amount ?? null],
  ['currency', (l) => l.record?.currency ?? null],
  ['state', (l) => l.record?.state ?? null],
  ['providerState', (l) => l.record?.providerState ?? null],
  ['createdAt', (l) => instant(l.record?.createdAt ?? null)],
  ['finalAt', (l) => instant(l.record?.finalAt ?? null)],
  ['fee', (l) => l.record?.fee ?? null],
  ['withdrawalId', (l) => l.withdrawal?.id ?? null],
  ['withdrawalAmount', (l) => l.withdrawal?.amount.toString() ?? null],
  ['withdrawalCurrency', (l) => l.withdrawal?.currency ?? null],
  ['withdrawalStatus', (l) => l.withdrawal?.status ?? null],
];
