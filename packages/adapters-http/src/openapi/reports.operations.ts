import * as reconciliation from '../schemas/reconciliation.schemas.js';
import { IDS } from './examples.js';
import type { Operation } from './operation.js';
import { op } from './operator-operation.js';
import { RECONCILIATION_IDS } from './reconciliation.operations.js';

const csv = (description: string, example: string) => ({
  schema: { type: 'string', description },
  example,
  contentType: 'text/csv',
  description: 'The report, streamed (chunked); a cut-short answer has no final chunk',
});

const WITHDRAWALS_CSV =
  'id,merchantId,entityId,walletId,linkedAccountId,flow,rail,provider,providerReference,currency,amount,fees,' +
  'total,status,failureReason,failureCode,reason,createdAt,submittedAt,updatedAt\r\n' +
  `${IDS.withdrawal},${IDS.merchant},${IDS.entity},${IDS.wallet},${IDS.linkedAccount},PAYOUT,ACH,simulated,` +
  `sim_4c60,USD,25.00,0.25,25.25,SUCCESS,,,'=payroll March,2026-03-02T14:05:09.120Z,` +
  '2026-03-02T14:05:09.480Z,2026-03-02T14:05:11.480Z\r\n';

const LINES_CSV =
  'outcome,exceptions,exceptionIds,providerId,reference,amount,currency,state,providerState,createdAt,finalAt,' +
  'fee,withdrawalId,withdrawalAmount,withdrawalCurrency,withdrawalStatus\r\n' +
  `EXCEPTION,AMOUNT_MISMATCH (open),${RECONCILIATION_IDS.exception},sim_4c60,${IDS.withdrawal},26.81,USD,PAID,` +
  `PAID,2026-03-02T14:05:09.480Z,2026-03-02T14:05:11.480Z,,${IDS.withdrawal},25.81,USD,SUCCESS\r\n`;

/** docs/reconciliation.md#reports: CSV exports, RFC 4180, streamed. */
export const REPORT_OPERATIONS: readonly Operation[] = [
  op('get', '/reports/withdrawals.csv', {
    operationId: 'exportWithdrawals',
    summary:
      'Export the withdrawals created from one UTC day to another (both included) as CSV, of one merchant or all',
    description:
      'Oldest first. Money is exact decimal text; a text a spreadsheet would run as a formula (starting with =, +, -, ' +
      "@, a tab or a carriage return) is prefixed with ' so that it shows as written.",
    query: reconciliation.withdrawalsReportQuerySchema,
    ok: csv('RFC 4180 CSV with a header row, CRLF line ends', WITHDRAWALS_CSV),
    errors: [400, 401, 404, 503],
  }),
  op('get', '/reconciliation/runs/{id}/lines.csv', {
    operationId: 'exportReconciliationRunLines',
    summary:
      "Export a reconciliation run's lines as CSV: its provider-day's records with their withdrawals and exceptions, then the payouts the provider had no record of",
    description:
      "Each line as it stands now (the records as last read, the exceptions' resolutions): `outcome` is EXCEPTION " +
      '(one open), RESOLVED, MATCHED, PENDING (not final on one side) or UNMATCHED (a record naming none of ours).',
    params: reconciliation.reconciliationRunParamsSchema,
    paramExamples: { id: RECONCILIATION_IDS.run },
    ok: csv('RFC 4180 CSV with a header row, CRLF line ends', LINES_CSV),
    errors: [400, 401, 404, 503],
  }),
];
