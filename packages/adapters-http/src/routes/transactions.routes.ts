import type { IRouter } from 'express';
import type { HttpAppDeps } from '../app/http-app-deps.js';
import { validate } from '../app/validate.middleware.js';
import { authenticate, requirePrincipal } from '../auth/authenticate.middleware.js';
import { respond, successEnvelope } from '../errors/response-envelope.js';
import { transactionParamsSchema } from '../schemas/transactions.schemas.js';

/** Spec endpoint 7 and the status lookup of docs/product.md §8. */
export function transactionRoutes(router: IRouter, deps: HttpAppDeps): void {
  const merchant = authenticate(deps.tokenVerifier, { required: true, scopes: ['merchant.apis'] });
  const reader = authenticate(deps.tokenVerifier, {
    required: true,
    scopes: ['merchant.apis', 'external.apis'],
  });
  const params = validate('params', transactionParamsSchema);
  router.get('/v1/transactions/:transactionId/webhook-payload', merchant, params, async (req, res) => {
    const result = await deps.useCases.getWebhookPayload.execute(
      requirePrincipal(res),
      String(req.params.transactionId),
    );
    respond(res, result, successEnvelope);
  });
  router.get('/v1/transactions/:transactionId', reader, params, async (req, res) => {
    const result = await deps.useCases.getTransaction.execute(
      requirePrincipal(res),
      String(req.params.transactionId),
    );
    respond(res, result, successEnvelope);
  });
}
