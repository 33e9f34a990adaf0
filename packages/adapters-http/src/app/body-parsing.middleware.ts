import express, { type ErrorRequestHandler, type RequestHandler } from 'express';
import { sendError } from '../errors/error-envelope.js';

export const BODY_LIMIT = '64kb';
const JSON_TYPES = ['application/json', 'application/*+json'];

const hasBody = (req: Parameters<RequestHandler>[0]): boolean =>
  req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length'] ?? 0) > 0;

/** A body that is present must be JSON (415); a route without a body gets `{}` to validate. */
export const requireJsonBody: RequestHandler = (req, res, next) => {
  if (hasBody(req) && !req.is(JSON_TYPES))
    return sendError(res, 415, 'UNSUPPORTED_MEDIA_TYPE', 'Content-Type must be application/json');
  next();
};

export const parseJson: RequestHandler = express.json({ limit: BODY_LIMIT, type: JSON_TYPES, strict: true });

/** body-parser's own failures, answered in the spec's envelope before any route sees them. */
export const bodyErrors: ErrorRequestHandler = (error, _req, res, next) => {
  const type = (error as { type?: string }).type;
  if (type === 'entity.too.large')
    return sendError(
      res,
      413,
      'PAYLOAD_TOO_LARGE',
      `Request body must not exceed ${BODY_LIMIT.toUpperCase()}`,
    );
  if (type === 'entity.parse.failed')
    return sendError(res, 400, 'MALFORMED_JSON', 'Request body is not valid JSON');
  if (type === 'encoding.unsupported' || type === 'charset.unsupported')
    return sendError(res, 415, 'UNSUPPORTED_MEDIA_TYPE', 'Unsupported body encoding');
  next(error);
};
