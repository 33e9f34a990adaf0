import type { IRouter } from 'express';
import type { HttpAppDeps } from '../app/http-app-deps.js';
import { validate } from '../app/validate.middleware.js';
import { authenticate, requirePrincipal } from '../auth/authenticate.middleware.js';
import { sendDomainError } from '../errors/response-envelope.js';
import { RUN_LINE_COLUMNS, WITHDRAWAL_COLUMNS } from '../reports/report-columns.js';
import { sendCsv } from '../reports/send-csv.js';
import {
  reconciliationRunParamsSchema,
  withdrawalsReportQuerySchema,
} from '../schemas/reconciliation.schemas.js';
import { queryOf } from './pagination.js';

/**
 * docs/reconciliation.md#reports (scope `operator`): CSV exports streamed from the store a batch at a time. A
 * refusal (a bad day, an unknown merchant or run) is the JSON envelope, as on every route.
 */
export function reportRoutes(router: IRouter, deps: HttpAppDeps): void {
  const uc = deps.useCases;
  const operator = authenticate(deps.tokenVerifier, { required: true, scopes: ['operator'] });
  router.get(
    '/v1/operator/reports/withdrawals.csv',
    operator,
    validate('query', withdrawalsReportQuerySchema),
    async (req, res) => {
      const { from = '', to = '', merchantId } = queryOf(req);
      const result = await uc.operatorReports.withdrawals(requirePrincipal(res), {
        from,
        to,
        ...(merchantId === undefined ? {} : { merchantId }),
      });
      if (!result.ok) return sendDomainError(res, result.error);
      const report = result.value;
      const whose = report.merchantId === null ? '' : `-${report.merchantId}`;
      await sendCsv(
        res,
        `withdrawals${whose}-${report.from}-to-${report.to}.csv`,
        WITHDRAWAL_COLUMNS,
        report.batches,
      );
    },
  );
  router.get(
    '/v1/operator/reconciliation/runs/:id/lines.csv',
    operator,
    validate('params', reconciliationRunParamsSchema),
    async (req, res) => {
      const result = await uc.operatorReports.runLines(requirePrincipal(res), String(req.params.id));
      if (!result.ok) return sendDomainError(res, result.error);
      const { run, batches } = result.value;
      await sendCsv(
        res,
        `reconciliation-${run.provider}-${run.day}-${run.id}.csv`,
        RUN_LINE_COLUMNS,
        batches,
      );
    },
  );
}
