import type { RequestHandler } from 'express';
import { sendError } from '../errors/response-envelope.js';
import { MAX_REQUEST_TARGET, REFUSALS } from '../server/refusals.js';

/**
 * A body must arrive whole within `timeoutMs` of its headers, or the request is answered 408 and its connection
 * closed; a body reader that finishes after that finds the answer sent and goes no further (body-parsing), so the
 * request is never served. Whether or not a route reads it: Node reads a body left unread after the answer.
 */
export function bodyDeadline(timeoutMs: number): RequestHandler {
  return (req, res, next) => {
    if (req.complete) return next();
    const timer = setTimeout(() => {
      if (req.complete || res.headersSent) return;
      const { code, message } = REFUSALS.timeout;
      res.setHeader('Connection', 'close');
      sendError(res, code, message);
    }, timeoutMs);
    timer.unref();
    const stop = () => clearTimeout(timer);
    req.once('end', stop);
    res.once('close', stop);
    next();
  };
}

/** A request target (path and query) over MAX_REQUEST_TARGET bytes is 414, before any route reads it. */
export const requestTargetLimit: RequestHandler = (req, res, next) => {
  if (req.originalUrl.length <= MAX_REQUEST_TARGET) return next();
  const { code, message } = REFUSALS.uriTooLong;
  sendError(res, code, message);
};
