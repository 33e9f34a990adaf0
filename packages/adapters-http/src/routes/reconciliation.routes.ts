import type { ReconciliationExceptionType } from '@payout/domain';
import type { IRouter, Request } from 'express';
import { parseJson, requireJsonBody } from '../app/body-parsing.middleware.js';
import type { HttpAppDeps } from '../app/http-app-deps.js';
import { bodyOf, validate } from '../app/validate.middleware.js';
import { authenticate, requirePrincipal } from '../auth/authenticate.middleware.js';
import { respond, successEnvelope } from '../errors/response-envelope.js';
import {
  reconciliationExceptionParamsSchema,
  reconciliationExceptionsQuerySchema,
  reconciliationRunsQuerySchema,
  resolveExceptionSchema,
} from '../schemas/reconciliation.schemas.js';
import { durationSeconds } from './duration.js';
import { pageRequestOf, queryOf, respondPage } from './pagination.js';

/** Drops the filters the query left out, so that none is passed as `undefined`. */
const defined = <T extends object>(filter: T): T =>
  Object.fromEntries(Object.entries(filter).filter(([, value]) => value !== undefined)) as T;

const exceptionQueryOf = (req: Request) => {
  const q = queryOf(req);
  return defined({
    state: q.state as 'open' | 'resolved' | undefined,
    type: q.type as ReconciliationExceptionType | undefined,
    provider: q.provider,
    olderThanSeconds: q.olderThan === undefined ? undefined : (durationSeconds(q.olderThan) ?? undefined),
  });
};

/**
 * docs/reconciliation.md#the-operator-api (scope `operator`): the runs, the exceptions newest opened first (`order=asc`:
 * oldest first, the order to work them in), and an exception's resolution.
 */
export function reconciliationRoutes(router: IRouter, deps: HttpAppDeps): void {
  const uc = deps.useCases;
  const operator = authenticate(deps.tokenVerifier, { required: true, scopes: ['operator'] });
  router.get(
    '/v1/operator/reconciliation/runs',
    operator,
    validate('query', reconciliationRunsQuerySchema),
    async (req, res) => {
      const q = queryOf(req);
      const filter = defined({ provider: q.provider, day: q.day });
      respondPage(
        res,
        await uc.operatorReconciliation.runs(requirePrincipal(res), filter, pageRequestOf(req)),
      );
    },
  );
  router.get(
    '/v1/operator/reconciliation/exceptions',
    operator,
    validate('query', reconciliationExceptionsQuerySchema),
    async (req, res) =>
      respondPage(
        res,
        await uc.operatorReconciliation.exceptions(
          requirePrincipal(res),
          exceptionQueryOf(req),
          pageRequestOf(req),
        ),
      ),
  );
  router.post(
    '/v1/operator/reconciliation/exceptions/:id/resolve',
    operator,
    requireJsonBody,
    parseJson,
    validate('params', reconciliationExceptionParamsSchema),
    validate('body', resolveExceptionSchema),
    async (req, res) =>
      respond(
        res,
        await uc.operatorReconciliation.resolve(
          requirePrincipal(res),
          String(req.params.id),
          bodyOf(req) as never,
        ),
        successEnvelope,
      ),
  );
}
