import { randomUUID } from 'node:crypto';
import type { RequestHandler, Response } from 'express';
import type { Logger } from 'pino';
import { redactPath } from './logger.js';

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

export const requestIdOf = (res: Response): string => res.locals.requestId as string;

/**
 * Gives every request an id (a well-formed `x-request-id` is honoured, else a new UUID), echoes it back, and
 * writes one line when the response is finished. Only the method, the redacted path, the status and the
 * timing are logged: never headers or bodies.
 */
export function requestLogging(logger: Logger): RequestHandler {
  return (req, res, next) => {
    const offered = req.headers['x-request-id'];
    const requestId = typeof offered === 'string' && REQUEST_ID.test(offered) ? offered : randomUUID();
    res.locals.requestId = requestId;
    res.setHeader('x-request-id', requestId);
    const started = process.hrtime.bigint();
    res.on('finish', () => {
      const failed = res.statusCode >= 500;
      // Below info (LOG_LEVEL=warn) only failures are written: nothing to build for the rest.
      if (!failed && !logger.isLevelEnabled('info')) return;
      const durationMs = Number(process.hrtime.bigint() - started) / 1e6;
      const line = {
        requestId,
        method: req.method,
        path: redactPath(req.originalUrl),
        status: res.statusCode,
        durationMs: Math.round(durationMs * 10) / 10,
      };
      if (failed) logger.error(line, 'request failed');
      else logger.info(line, 'request');
    });
    next();
  };
}
