import type { WithdrawalReceipt } from '@payout/domain';
import type { IRouter } from 'express';
import { parseJson, requireJsonBody } from '../app/body-parsing.middleware.js';
import type { HttpAppDeps } from '../app/http-app-deps.js';
import { bodyWithMoney, validate } from '../app/validate.middleware.js';
import { authenticate, requirePrincipal } from '../auth/authenticate.middleware.js';
import { respond } from '../errors/response-envelope.js';
import { limitWithdrawals } from '../rate-limit/withdrawal-rate-limiter.js';
import { withdrawalBodySchema, withdrawalParamsSchema } from '../schemas/withdrawals.schemas.js';

/**
 * Spec endpoint 1's success body: `amount` is the total debited (amount + fees). The spec's creation statuses
 * are SUCCESS, PENDING and AWAITING_APPROVAL only, so an ACH/RTP payout already accepted by the network
 * (PROCESSING_PAY_OUT) is shown as PENDING: accepted, final confirmation asynchronous.
 */
export const withdrawalResponse = ({ withdrawal, message }: WithdrawalReceipt) => ({
  success: true,
  message,
  data: {
    id: withdrawal.id,
    status: withdrawal.status === 'PROCESSING_PAY_OUT' ? 'PENDING' : withdrawal.status,
    fees: withdrawal.fees.toString(),
    amount: withdrawal.total.toString(),
  },
});

const WITHDRAWAL_PATH = '/v1/ext/linked-accounts/:currency/:linkedAccountId/withdrawal';

/** Spec endpoint 1, in docs/product.md §5's order: authentication → rate limit → validation → use case. */
export function withdrawalRoutes(router: IRouter, deps: HttpAppDeps): void {
  router.post(
    WITHDRAWAL_PATH,
    authenticate(deps.tokenVerifier, { required: true, scopes: ['external.apis'] }),
    limitWithdrawals(deps.withdrawalRateLimiter),
    requireJsonBody,
    parseJson,
    validate('params', withdrawalParamsSchema),
    validate('body', withdrawalBodySchema),
    async (req, res) => {
      const principal = requirePrincipal(res);
      const { currency, linkedAccountId } = req.params as Record<string, string>;
      const result = await deps.useCases.requestWithdrawal.execute(principal, {
        currency: currency as string,
        linkedAccountId: linkedAccountId as string,
        body: bodyWithMoney(req, 'amount'),
      });
      respond(res, result, withdrawalResponse);
    },
  );
}
