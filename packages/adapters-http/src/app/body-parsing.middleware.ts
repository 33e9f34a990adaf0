import { isUtf8 } from 'node:buffer';
import { err, ok, type Result } from '@payout/domain';
import express, { type ErrorRequestHandler, type RequestHandler } from 'express';
import { sendError, TRANSPORT_MESSAGES } from '../errors/response-envelope.js';

interface BodyFault {
  readonly code: 'MALFORMED_JSON' | 'VALIDATION_ERROR';
  readonly message: string;
}

/** Per parsed object, the literal each of its number properties was written as (JSON.parse's `source`). */
const numberSources = new WeakMap<object, Map<string, string>>();

/** The exact JSON literal behind `holder[key]`, when `parseExactJson` read it as a number; else undefined. */
export const numberSource = (holder: object, key: string): string | undefined =>
  numberSources.get(holder)?.get(key);

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** PostgreSQL's text refuses NUL and cannot encode an unpaired surrogate, whatever field carries it. */
export const isStorableText = (text: string): boolean => !text.includes('\0') && !LONE_SURROGATE.test(text);

class UnstorableText extends Error {}

function revive(this: unknown, key: string, value: unknown, context?: { source?: string }): unknown {
  if (!isStorableText(key) || (typeof value === 'string' && !isStorableText(value)))
    throw new UnstorableText();
  if (typeof value === 'number' && context?.source !== undefined && typeof this === 'object' && this) {
    const sources = numberSources.get(this) ?? new Map<string, string>();
    sources.set(key, context.source);
    numberSources.set(this, sources);
  }
  return value;
}

const MALFORMED: BodyFault = { code: 'MALFORMED_JSON', message: TRANSPORT_MESSAGES.MALFORMED_JSON };

/**
 * JSON text to a value, as body-parser's strict mode: an object or array, `{}` for an empty body. It also keeps
 * every number's literal (see `numberSource`) so money is read exactly, and refuses text PostgreSQL cannot store.
 */
function parseExactJson(text: string): Result<unknown, BodyFault> {
  if (text.length === 0) return ok({});
  try {
    const value: unknown = JSON.parse(text, revive);
    return typeof value === 'object' && value !== null ? ok(value) : err(MALFORMED);
  } catch (error) {
    if (error instanceof UnstorableText)
      return err({ code: 'VALIDATION_ERROR', message: TRANSPORT_MESSAGES.UNSTORABLE_BODY_TEXT });
    // The reviver recurses once per level: a body nested deeper than the stack allows overflows it.
    if (error instanceof RangeError)
      return err({ code: 'MALFORMED_JSON', message: TRANSPORT_MESSAGES.NESTED_TOO_DEEPLY });
    return err(MALFORMED);
  }
}

export const BODY_LIMIT = '64kb';
const JSON_TYPES = ['application/json', 'application/*+json'];

const hasBody = (req: Parameters<RequestHandler>[0]): boolean =>
  req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length'] ?? 0) > 0;

/** A body that is present must be JSON (415); a route without a body gets `{}` to validate. */
export const requireJsonBody: RequestHandler = (req, res, next) => {
  if (hasBody(req) && !req.is(JSON_TYPES))
    return sendError(res, 'UNSUPPORTED_MEDIA_TYPE', TRANSPORT_MESSAGES.UNSUPPORTED_MEDIA_TYPE);
  next();
};

const fault = (type: string): Error => Object.assign(new Error(type), { type });

/** JSON is UTF-8 (RFC 8259 §8.1): another charset is refused, and bytes that are not UTF-8 are not replaced. */
const requireUtf8 = (_req: unknown, _res: unknown, bytes: Buffer, charset: string): void => {
  if (charset !== 'utf-8' && charset !== 'utf8') throw fault('charset.unsupported');
  if (!isUtf8(bytes)) throw fault('entity.encoding.invalid');
};

// body-parser reads (gzip, deflate, br, zstd), bounds and decodes the body; the JSON itself is parsed here, so
// that each number keeps its literal and a fault is answered with its own code.
const readText = express.text({
  type: JSON_TYPES,
  limit: BODY_LIMIT,
  defaultCharset: 'utf-8',
  verify: requireUtf8,
});

/**
 * A body reader that stops where the request was answered while its body was read (bodyDeadline's 408, or a
 * refusal of the server's): such a request is never served, however its body ends.
 */
export const unlessAnswered =
  (read: RequestHandler): RequestHandler =>
  (req, res, next) =>
    read(req, res, (error?: unknown) => {
      if (!res.headersSent) next(error);
    });

/** Reading and parsing a JSON body; every way a client's body can fail is a 4xx in the envelope. */
export const parseJson: RequestHandler = (req, res, next) =>
  readText(req, res, (error?: unknown) => {
    if (res.headersSent) return;
    if (error) return bodyErrors(error, req, res, next);
    if (typeof req.body !== 'string') return next();
    const parsed = parseExactJson(req.body);
    if (!parsed.ok) return sendError(res, parsed.error.code, parsed.error.message);
    req.body = parsed.value;
    next();
  });

/** body-parser's failures in the spec's envelope; only its own faults (5xx) go on to the error handler. */
export const bodyErrors: ErrorRequestHandler = (error, _req, res, next) => {
  const { type, status } = error as { type?: string; status?: number };
  if (type === 'entity.too.large')
    return sendError(
      res,
      'PAYLOAD_TOO_LARGE',
      TRANSPORT_MESSAGES.PAYLOAD_TOO_LARGE(BODY_LIMIT.toUpperCase()),
    );
  if (type === 'encoding.unsupported' || type === 'charset.unsupported')
    return sendError(res, 'UNSUPPORTED_MEDIA_TYPE', TRANSPORT_MESSAGES.UNSUPPORTED_ENCODING);
  if (type === 'entity.encoding.invalid')
    return sendError(res, 'MALFORMED_BODY', TRANSPORT_MESSAGES.BODY_NOT_UTF8);
  // A corrupt or truncated gzip, deflate, br or zstd stream, or a body shorter than its Content-Length.
  if (typeof status === 'number' && status >= 400 && status < 500)
    return sendError(res, 'MALFORMED_BODY', TRANSPORT_MESSAGES.BODY_UNDECODABLE);
  next(error);
};
