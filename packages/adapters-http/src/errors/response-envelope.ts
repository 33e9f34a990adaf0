import { type DomainError, type ErrorCode, MESSAGES, type Result } from '@payout/domain';
import type { Response } from 'express';
import {
  ERROR_STATUS,
  statusOf,
  TRANSPORT_ERROR_STATUS,
  type TransportErrorCode,
} from './error-status.table.js';

/** Codes of failures the adapter itself detects before any use case runs (published in the OpenAPI document). */
export const TRANSPORT_ERROR_CODES = Object.keys(TRANSPORT_ERROR_STATUS) as readonly TransportErrorCode[];

/**
 * The messages of the failures the adapter itself detects (a malformed request, a fault of ours), as the domain's
 * registry (MESSAGES) holds those of the use cases: a fixed text, or a function of what the message names.
 */
export const TRANSPORT_MESSAGES = {
  ROUTE_NOT_FOUND: 'Not found',
  MALFORMED_PATH: 'Request path is not valid percent-encoding',
  MALFORMED_HTTP: 'The request is not valid HTTP',
  UNMET_EXPECTATION: 'The Expect header can only ask for 100-continue',
  REQUEST_TIMEOUT: 'The request took too long to arrive',
  URI_TOO_LONG: (maxBytes: number) => `The request target must not exceed ${maxBytes} bytes`,
  TOO_MANY_CONNECTIONS: 'Too many open connections from this address',
  HEADERS_TOO_LARGE: 'Request headers are too large',
  MALFORMED_JSON: 'Request body is not valid JSON',
  NESTED_TOO_DEEPLY: 'Request body is nested too deeply',
  UNSTORABLE_BODY_TEXT: 'Strings must not contain NUL characters or unpaired UTF-16 surrogates',
  UNSTORABLE_QUERY_TEXT: 'Query parameters must not contain NUL characters or unpaired UTF-16 surrogates',
  INVALID_PART: (part: string) => `${part} is invalid`,
  UNSUPPORTED_MEDIA_TYPE: 'Content-Type must be application/json',
  UNSUPPORTED_ENCODING: 'Unsupported body encoding',
  PAYLOAD_TOO_LARGE: (limit: string) => `Request body must not exceed ${limit}`,
  BODY_NOT_UTF8: 'Request body is not valid UTF-8',
  BODY_UNDECODABLE: 'Request body could not be decoded',
  SERVICE_UNAVAILABLE: 'Service temporarily unavailable; no money moved. Please retry.',
  OUTCOME_UNKNOWN:
    'Service temporarily unavailable; whether this withdrawal was made is not known yet. Look up its transactionId before retrying.',
} as const;

/** The spec's error body plus a stable `code`; `field` names the offending input of a validation error. */
export interface ErrorEnvelope {
  readonly success: false;
  readonly message: string;
  readonly fatal: true;
  readonly code: string;
  readonly field?: string;
  /**
   * The withdrawal a rail rejected (500): it exists, FAILED and reversed, and its webhooks name it. Or the one whose
   * outcome is not known yet (503 OUTCOME_UNKNOWN): look it up before retrying.
   */
  readonly transactionId?: string;
}

/** The spec's body of an answer that succeeded. */
export const successEnvelope = <T>(data: T) => ({ success: true as const, data });

export const envelope = (code: string, message: string, field?: unknown): ErrorEnvelope =>
  typeof field === 'string'
    ? { success: false, message, fatal: true, code, field }
    : { success: false, message, fatal: true, code };

/**
 * Answers in the envelope, with the code's status from the table; nothing when an answer has begun already (the
 * server refused the request first).
 */
export function sendError(res: Response, code: ErrorCode | TransportErrorCode, message: string): void {
  if (res.headersSent) return;
  res.status(statusOf(code)).json(envelope(code, message));
}

/** Answers a domain error with its status from the table; 401 always says exactly "Unauthorized". */
export function sendDomainError(res: Response, error: DomainError): void {
  if (res.headersSent) return;
  const status = ERROR_STATUS[error.code];
  const message = error.code === 'UNAUTHORIZED' ? MESSAGES.UNAUTHORIZED : error.message;
  if (error.code === 'RATE_LIMITED' && typeof error.details?.retryAfterSeconds === 'number')
    res.setHeader('Retry-After', String(error.details.retryAfterSeconds));
  const body = envelope(error.code, message, error.details?.field);
  const transactionId = error.details?.transactionId;
  res.status(status).json(typeof transactionId === 'string' ? { ...body, transactionId } : body);
}

/** Sends a use case's value in the shape the route promises, or its error through the status table. */
export function respond<T>(
  res: Response,
  result: Result<T>,
  shape: (value: T) => unknown,
  status = 200,
): void {
  if (result.ok) res.status(status).json(shape(result.value));
  else sendDomainError(res, result.error);
}
