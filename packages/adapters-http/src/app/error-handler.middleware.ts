import { WithdrawalOutcomeUnknownError } from '@payout/domain';
import type { ErrorRequestHandler, RequestHandler } from 'express';
import type { Logger } from 'pino';
import { envelope, sendError } from '../errors/error-envelope.js';
import { requestIdOf } from '../logging/request-logging.middleware.js';

export const routeNotFound: RequestHandler = (_req, res) =>
  sendError(res, 404, 'ROUTE_NOT_FOUND', 'Not found');

/** How long a client is asked to wait before trying again after a fault of ours. */
const RETRY_AFTER_SECONDS = 5;

/**
 * A thrown fault is logged with its request id and answered 503 with Retry-After, its details never shown: 500 is
 * kept for what the spec gives it (the processor rejected the payout). Use cases throw only what moved no money:
 * a transaction that rolled back, or one whose lost COMMIT they read back as not committed. When even the read
 * back could not tell, the answer names the withdrawal, to be looked up before any retry.
 */
export function internalErrors(logger: Logger): ErrorRequestHandler {
  return (error, _req, res, _next) => {
    logger.error({ requestId: requestIdOf(res), err: error }, 'unhandled error');
    if (res.headersSent) return;
    res.setHeader('Retry-After', String(RETRY_AFTER_SECONDS));
    if (error instanceof WithdrawalOutcomeUnknownError) {
      res.status(503).json({
        ...envelope('OUTCOME_UNKNOWN', OUTCOME_UNKNOWN_MESSAGE),
        transactionId: error.withdrawalId,
      });
      return;
    }
    sendError(
      res,
      503,
      'SERVICE_UNAVAILABLE',
      'Service temporarily unavailable; no money moved. Please retry.',
    );
  };
}

const OUTCOME_UNKNOWN_MESSAGE =
  'Service temporarily unavailable; whether this withdrawal was made is not known yet. Look up its transactionId before retrying.';
