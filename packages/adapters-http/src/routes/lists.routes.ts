import type { IRouter } from 'express';
import { parseJson, requireJsonBody } from '../app/body-parsing.middleware.js';
import type { HttpAppDeps } from '../app/http-app-deps.js';
import { validate } from '../app/validate.middleware.js';
import { authenticate, requirePrincipal } from '../auth/authenticate.middleware.js';
import { respond, successEnvelope } from '../errors/response-envelope.js';
import { deliveriesQuerySchema, pageQuerySchema, transactionsQuerySchema } from '../schemas/lists.schemas.js';
import { deliveryParamsSchema } from '../schemas/operator.schemas.js';
import { deliveryFilterOf, withdrawalFilterOf } from './list-filters.js';
import { pageRequestOf, respondPage } from './pagination.js';

/** The client lists: transactions, webhook events for a re-synchronisation, deliveries and their redelivery. */
export function listRoutes(router: IRouter, deps: HttpAppDeps): void {
  const uc = deps.useCases;
  const merchant = authenticate(deps.tokenVerifier, { required: true, scopes: ['merchant.apis'] });
  const reader = authenticate(deps.tokenVerifier, {
    required: true,
    scopes: ['merchant.apis', 'external.apis'],
  });
  router.get('/v1/transactions', reader, validate('query', transactionsQuerySchema), async (req, res) => {
    // The merchant comes from the token; a merchantId in the query is not a filter of this list.
    const { merchantId: _fromToken, ...query } = withdrawalFilterOf(req);
    respondPage(res, await uc.transactionLists.forClient(requirePrincipal(res), query, pageRequestOf(req)));
  });
  // Oldest first by default: a re-synchronisation replays the events in the order they happened.
  router.get('/v1/events', merchant, validate('query', pageQuerySchema), async (req, res) =>
    respondPage(res, await uc.webhookLists.events(requirePrincipal(res), pageRequestOf(req, 'asc'))),
  );
  router.get('/v1/webhook-deliveries', merchant, validate('query', deliveriesQuerySchema), async (req, res) =>
    respondPage(
      res,
      await uc.webhookLists.deliveries(requirePrincipal(res), deliveryFilterOf(req), pageRequestOf(req)),
    ),
  );
  router.post(
    '/v1/webhook-deliveries/:id/redeliver',
    merchant,
    requireJsonBody,
    parseJson,
    validate('params', deliveryParamsSchema),
    async (req, res) =>
      respond(
        res,
        await uc.redeliverWebhook.execute(requirePrincipal(res), String(req.params.id)),
        successEnvelope,
      ),
  );
}
