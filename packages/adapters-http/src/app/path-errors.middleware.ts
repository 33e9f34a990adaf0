import type { ErrorRequestHandler } from 'express';
import { sendError, TRANSPORT_MESSAGES } from '../errors/response-envelope.js';

/**
 * A path parameter that is not valid percent-encoding (`%C3%28`, a lone `%`): Express's router fails to decode
 * it with a URIError before any route runs. It is the client's malformed request, answered 400 in the envelope;
 * the router's message quotes the raw parameter (it may be an application token), so none of it is repeated.
 */
export const pathErrors: ErrorRequestHandler = (error, _req, res, next) => {
  if (!(error instanceof URIError)) return next(error);
  sendError(res, 'MALFORMED_PATH', TRANSPORT_MESSAGES.MALFORMED_PATH);
};
