import { domainError, MESSAGES, type RateLimiter, withdrawalRateKey } from '@payout/domain';
import type { RequestHandler } from 'express';
import { principalOf } from '../auth/authenticate.middleware.js';
import { sendDomainError } from '../errors/error-envelope.js';

/**
 * Counts every authenticated withdrawal request on its key (WITHDRAWAL_RATE_LIMIT's rule) before validation, so a
 * burst of bad requests is limited too. The client IP is express's `req.ip`, which honours `trust proxy`.
 */
export function limitWithdrawals(limiter: RateLimiter): RequestHandler {
  return async (req, res, next) => {
    const decision = await limiter.consume(withdrawalRateKey(principalOf(res), req.ip));
    if (decision.allowed) return next();
    sendDomainError(
      res,
      domainError('RATE_LIMITED', MESSAGES.RATE_LIMITED, { retryAfterSeconds: decision.retryAfterSeconds }),
    );
  };
}
