import type { ErrorRequestHandler, RequestHandler } from 'express';
import type { Logger } from 'pino';
import { sendError } from '../errors/error-envelope.js';
import { requestIdOf } from '../logging/request-logging.middleware.js';

export const routeNotFound: RequestHandler = (_req, res) =>
  sendError(res, 404, 'ROUTE_NOT_FOUND', 'Not found');

/** A thrown fault is logged with its request id; the response says nothing about it. */
export function internalErrors(logger: Logger): ErrorRequestHandler {
  return (error, _req, res, _next) => {
    logger.error({ requestId: requestIdOf(res), err: error }, 'unhandled error');
    if (res.headersSent) return;
    sendError(res, 500, 'INTERNAL_ERROR', 'Internal server error');
  };
}
