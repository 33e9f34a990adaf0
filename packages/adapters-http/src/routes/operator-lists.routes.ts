import type { IRouter } from 'express';
import type { HttpAppDeps } from '../app/http-app-deps.js';
import { validate } from '../app/validate.middleware.js';
import { authenticate, requirePrincipal } from '../auth/authenticate.middleware.js';
import { respond, successEnvelope } from '../errors/response-envelope.js';
import {
  entityParamsSchema,
  operatorDeliveriesQuerySchema,
  operatorLinkedAccountsQuerySchema,
  operatorWithdrawalsQuerySchema,
  pageQuerySchema,
} from '../schemas/lists.schemas.js';
import {
  linkedAccountIdParamsSchema,
  merchantParamsSchema,
  withdrawalIdParamsSchema,
} from '../schemas/operator.schemas.js';
import { operatorDeliveryFilterOf, operatorWithdrawalFilterOf } from './list-filters.js';
import { pageRequestOf, respondPage } from './pagination.js';

/**
 * The operator's lists and reads (scope `operator`): withdrawals, one withdrawal, the approvals queue, merchants,
 * entities, one entity, accounts, webhook deliveries.
 */
export function operatorListRoutes(router: IRouter, deps: HttpAppDeps): void {
  const uc = deps.useCases;
  const operator = authenticate(deps.tokenVerifier, { required: true, scopes: ['operator'] });
  const page = validate('query', pageQuerySchema);
  const merchant = validate('params', merchantParamsSchema);
  const id = (value: unknown) => String(value);
  router.get(
    '/v1/operator/withdrawals',
    operator,
    validate('query', operatorWithdrawalsQuerySchema),
    async (req, res) =>
      respondPage(
        res,
        await uc.transactionLists.forOperator(
          requirePrincipal(res),
          operatorWithdrawalFilterOf(req),
          pageRequestOf(req),
        ),
      ),
  );
  router.get(
    '/v1/operator/withdrawals/:id',
    operator,
    validate('params', withdrawalIdParamsSchema),
    async (req, res) =>
      respond(
        res,
        await uc.getOperatorWithdrawal.execute(requirePrincipal(res), id(req.params.id)),
        successEnvelope,
      ),
  );
  router.get(
    '/v1/operator/webhook-deliveries',
    operator,
    validate('query', operatorDeliveriesQuerySchema),
    // A withdrawal's deliveries come oldest first (in sequence order), as they did before this list had pages.
    async (req, res) =>
      respondPage(
        res,
        await uc.listWebhookDeliveries.execute(
          requirePrincipal(res),
          operatorDeliveryFilterOf(req),
          pageRequestOf(req, req.query.transactionId === undefined ? 'desc' : 'asc'),
        ),
      ),
  );
  router.get(
    '/v1/operator/linked-accounts',
    operator,
    validate('query', operatorLinkedAccountsQuerySchema),
    async (req, res) =>
      respondPage(res, await uc.operatorLinkedAccounts.unusable(requirePrincipal(res), pageRequestOf(req))),
  );
  router.get(
    '/v1/operator/linked-accounts/:id',
    operator,
    validate('params', linkedAccountIdParamsSchema),
    async (req, res) =>
      respond(
        res,
        await uc.operatorLinkedAccounts.get(requirePrincipal(res), id(req.params.id)),
        successEnvelope,
      ),
  );
  router.get('/v1/operator/merchants', operator, page, async (req, res) =>
    respondPage(res, await uc.operatorDirectory.merchants(requirePrincipal(res), pageRequestOf(req))),
  );
  router.get('/v1/operator/merchants/:merchantId', operator, merchant, async (req, res) =>
    respond(
      res,
      await uc.operatorDirectory.merchant(requirePrincipal(res), id(req.params.merchantId)),
      successEnvelope,
    ),
  );
  router.get('/v1/operator/merchants/:merchantId/entities', operator, merchant, page, async (req, res) =>
    respondPage(
      res,
      await uc.operatorDirectory.entities(
        requirePrincipal(res),
        id(req.params.merchantId),
        pageRequestOf(req),
      ),
    ),
  );
  router.get(
    '/v1/operator/entities/:entityId',
    operator,
    validate('params', entityParamsSchema),
    async (req, res) =>
      respond(
        res,
        await uc.operatorDirectory.entity(requirePrincipal(res), id(req.params.entityId)),
        successEnvelope,
      ),
  );
  router.get(
    '/v1/operator/entities/:entityId/linked-accounts',
    operator,
    validate('params', entityParamsSchema),
    page,
    async (req, res) =>
      respondPage(
        res,
        await uc.operatorDirectory.linkedAccounts(
          requirePrincipal(res),
          id(req.params.entityId),
          pageRequestOf(req),
        ),
      ),
  );
}
