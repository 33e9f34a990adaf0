import type { IRouter, RequestHandler } from 'express';
import { parseJson, requireJsonBody } from '../app/body-parsing.middleware.js';
import type { HttpAppDeps } from '../app/http-app-deps.js';
import { bodyOf, bodyWithMoney, validate } from '../app/validate.middleware.js';
import { authenticate, requirePrincipal } from '../auth/authenticate.middleware.js';
import { respond, successEnvelope } from '../errors/response-envelope.js';
import {
  auditLogQuerySchema,
  createEntitySchema,
  createMerchantSchema,
  creditWalletSchema,
  decideWithdrawalSchema,
  deliveryParamsSchema,
  failWithdrawalSchema,
  issueApplicationTokenSchema,
  linkedAccountIdParamsSchema,
  merchantParamsSchema,
  updateMerchantSchema,
  updateWalletSchema,
  walletParamsSchema,
  webhookEndpointSchema,
  withdrawalIdParamsSchema,
} from '../schemas/operator.schemas.js';
import { withExactFeeOverrides } from './fee-overrides-body.js';
import { withdrawalResponse } from './withdrawals.routes.js';

const CREATED = 201;

/** docs/product.md §8: the operator API, scope `operator`, answers `{success: true, data}`. */
export function operatorRoutes(router: IRouter, deps: HttpAppDeps): void {
  const uc = deps.useCases;
  router.use('/v1/operator', authenticate(deps.tokenVerifier, { required: true, scopes: ['operator'] }));
  const json: RequestHandler[] = [requireJsonBody, parseJson];
  const merchant = validate('params', merchantParamsSchema);
  const wallet = validate('params', walletParamsSchema);
  const withdrawal = validate('params', withdrawalIdParamsSchema);
  const p = (value: unknown) => String(value);

  router.post('/v1/operator/merchants', ...json, validate('body', createMerchantSchema), async (req, res) =>
    respond(
      res,
      await uc.createMerchant.execute(requirePrincipal(res), bodyOf(req)),
      successEnvelope,
      CREATED,
    ),
  );
  router.patch(
    '/v1/operator/merchants/:merchantId',
    ...json,
    merchant,
    validate('body', updateMerchantSchema),
    async (req, res) =>
      respond(
        res,
        await uc.updateMerchant.execute(
          requirePrincipal(res),
          p(req.params.merchantId),
          withExactFeeOverrides(bodyWithMoney(req, 'approvalThreshold')),
        ),
        successEnvelope,
      ),
  );
  router.put(
    '/v1/operator/merchants/:merchantId/webhook-endpoint',
    ...json,
    merchant,
    validate('body', webhookEndpointSchema),
    async (req, res) =>
      respond(
        res,
        await uc.setWebhookEndpoint.execute(requirePrincipal(res), p(req.params.merchantId), bodyOf(req)),
        successEnvelope,
      ),
  );
  router.post(
    '/v1/operator/merchants/:merchantId/entities',
    ...json,
    merchant,
    validate('body', createEntitySchema),
    async (req, res) =>
      respond(
        res,
        await uc.createEntity.execute(requirePrincipal(res), p(req.params.merchantId), bodyOf(req)),
        successEnvelope,
        CREATED,
      ),
  );
  router.post(
    '/v1/operator/wallets/:walletId/credits',
    ...json,
    wallet,
    validate('body', creditWalletSchema),
    async (req, res) =>
      respond(
        res,
        await uc.creditWallet.execute(
          requirePrincipal(res),
          p(req.params.walletId),
          bodyWithMoney(req, 'amount'),
        ),
        successEnvelope,
      ),
  );
  router.patch(
    '/v1/operator/wallets/:walletId',
    ...json,
    wallet,
    validate('body', updateWalletSchema),
    async (req, res) =>
      respond(
        res,
        await uc.updateWallet.execute(requirePrincipal(res), p(req.params.walletId), bodyOf(req)),
        successEnvelope,
      ),
  );
  router.post(
    '/v1/operator/application-tokens',
    ...json,
    validate('body', issueApplicationTokenSchema),
    async (req, res) =>
      respond(
        res,
        await uc.issueApplicationToken.execute(requirePrincipal(res), bodyWithMoney(req, 'amount')),
        successEnvelope,
        CREATED,
      ),
  );
  const decision = validate('body', decideWithdrawalSchema);
  const reasonOf = (req: Parameters<RequestHandler>[0]): string | null => {
    const reason = bodyOf(req).reason;
    return typeof reason === 'string' ? reason : null;
  };
  router.post('/v1/operator/withdrawals/:id/approve', ...json, withdrawal, decision, async (req, res) =>
    respond(
      res,
      await uc.decideWithdrawal.approve(requirePrincipal(res), p(req.params.id), reasonOf(req)),
      withdrawalResponse,
    ),
  );
  /** A decision that ends the withdrawal FAILED, answered with its id, status and reason. */
  const ending =
    (
      decide: (
        ...args: [...Parameters<typeof uc.decideWithdrawal.reject>, force: boolean]
      ) => ReturnType<typeof uc.decideWithdrawal.reject>,
    ): RequestHandler =>
    async (req, res) => {
      const force = bodyOf(req).force === true;
      const result = await decide(requirePrincipal(res), p(req.params.id), reasonOf(req), force);
      respond(res, result, (w) => successEnvelope({ id: w.id, status: w.status, reason: w.failureReason }));
    };
  router.post(
    '/v1/operator/withdrawals/:id/reject',
    ...json,
    withdrawal,
    decision,
    ending((principal, id, reason) => uc.decideWithdrawal.reject(principal, id, reason)),
  );
  router.post(
    '/v1/operator/withdrawals/:id/fail',
    ...json,
    withdrawal,
    validate('body', failWithdrawalSchema),
    ending((...args) => uc.decideWithdrawal.fail(...args)),
  );
  router.post('/v1/operator/withdrawals/:id/check', ...json, withdrawal, decision, async (req, res) =>
    respond(
      res,
      await uc.checkWithdrawalNow.execute(requirePrincipal(res), p(req.params.id), reasonOf(req)),
      (w) =>
        successEnvelope({ id: w.id, status: w.status, nextCheckAt: w.nextCheckAt?.toISOString() ?? null }),
    ),
  );
  router.post(
    '/v1/operator/linked-accounts/:id/reinstate',
    ...json,
    validate('params', linkedAccountIdParamsSchema),
    decision,
    async (req, res) =>
      respond(
        res,
        await uc.operatorLinkedAccounts.reinstate(requirePrincipal(res), p(req.params.id), reasonOf(req)),
        successEnvelope,
      ),
  );
  router.get('/v1/operator/audit-log', validate('query', auditLogQuerySchema), async (req, res) =>
    respond(res, await uc.listAuditLog.execute(requirePrincipal(res), req.query), (page) => ({
      success: true as const,
      data: page.entries,
      hasMore: page.hasMore,
      nextCursor: page.nextCursor,
    })),
  );
  router.post(
    '/v1/operator/webhook-deliveries/:id/redeliver',
    ...json,
    validate('params', deliveryParamsSchema),
    async (req, res) =>
      respond(
        res,
        await uc.redeliverWebhook.execute(requirePrincipal(res), p(req.params.id)),
        successEnvelope,
      ),
  );
}
