import type { IRouter } from 'express';
import type { HttpAppDeps } from '../app/http-app-deps.js';
import { validate } from '../app/validate.middleware.js';
import { authenticate, requirePrincipal } from '../auth/authenticate.middleware.js';
import { respond, successEnvelope } from '../errors/response-envelope.js';
import { ledgerEntriesQuerySchema } from '../schemas/lists.schemas.js';
import { walletParamsSchema } from '../schemas/operator.schemas.js';
import { pageRequestOf, queryOf, respondPage } from './pagination.js';

/** A wallet and its ledger, for its entity, its merchant and operators. */
export function walletRoutes(router: IRouter, deps: HttpAppDeps): void {
  const uc = deps.useCases;
  const reader = authenticate(deps.tokenVerifier, {
    required: true,
    scopes: ['operator', 'merchant.apis', 'external.apis'],
  });
  const wallet = validate('params', walletParamsSchema);
  router.get('/v1/wallets/:walletId', reader, wallet, async (req, res) =>
    respond(
      res,
      await uc.walletReads.wallet(requirePrincipal(res), String(req.params.walletId)),
      successEnvelope,
    ),
  );
  router.get(
    '/v1/wallets/:walletId/ledger-entries',
    reader,
    wallet,
    validate('query', ledgerEntriesQuerySchema),
    async (req, res) =>
      respondPage(
        res,
        await uc.walletReads.postings(
          requirePrincipal(res),
          String(req.params.walletId),
          pageRequestOf(req),
          queryOf(req).transactionId,
        ),
      ),
  );
}
