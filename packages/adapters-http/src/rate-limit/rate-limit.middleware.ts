import { domainError, MESSAGES, type RateLimiter } from '@payout/domain';
import type { RequestHandler } from 'express';
import { principalOf } from '../auth/authenticate.middleware.js';
import { sendDomainError } from '../errors/error-envelope.js';

/**
 * Counts every authenticated withdrawal request per (entity, client IP) before validation, so a burst of bad
 * requests is limited too. The client IP is express's `req.ip`, which honours `trust proxy`.
 */
export function limitWithdrawals(limiter: RateLimiter): RequestHandler {
  return async (req, res, next) => {
    const principal = principalOf(res);
    const subject = principal?.entityId ?? principal?.subject ?? 'anonymous';
    const decision = await limiter.consume(`withdrawal:${subject}:${req.ip ?? 'unknown'}`);
    if (decision.allowed) return next();
    sendDomainError(
      res,
      domainError('RATE_LIMITED', MESSAGES.RATE_LIMITED, { retryAfterSeconds: decision.retryAfterSeconds }),
    );
  };
}
