import { WithdrawalOutcomeUnknownError } from '@payout/domain';
import type { ErrorRequestHandler, RequestHandler } from 'express';
import type { Logger } from 'pino';
import { TRANSPORT_ERROR_STATUS } from '../errors/error-status.table.js';
import { envelope, sendError, TRANSPORT_MESSAGES } from '../errors/response-envelope.js';
import { requestIdOf } from '../logging/request-logging.middleware.js';

export const routeNotFound: RequestHandler = (_req, res) =>
  sendError(res, 'ROUTE_NOT_FOUND', TRANSPORT_MESSAGES.ROUTE_NOT_FOUND);

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
      res.status(TRANSPORT_ERROR_STATUS.OUTCOME_UNKNOWN).json({
        ...envelope('OUTCOME_UNKNOWN', TRANSPORT_MESSAGES.OUTCOME_UNKNOWN),
        transactionId: error.withdrawalId,
      });
      return;
    }
    sendError(res, 'SERVICE_UNAVAILABLE', TRANSPORT_MESSAGES.SERVICE_UNAVAILABLE);
  };
}
