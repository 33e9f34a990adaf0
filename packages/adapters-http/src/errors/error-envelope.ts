import { type DomainError, MESSAGES } from '@payout/domain';
import type { Response } from 'express';
import { ERROR_STATUS } from './error-status.table.js';

/** Codes of failures the adapter itself detects before any use case runs (published in the OpenAPI document). */
export const TRANSPORT_ERROR_CODES = [
  'ROUTE_NOT_FOUND',
  'MALFORMED_PATH',
  'MALFORMED_HTTP',
  'HEADERS_TOO_LARGE',
  'URI_TOO_LONG',
  'TOO_MANY_CONNECTIONS',
  'REQUEST_TIMEOUT',
  'MALFORMED_JSON',
  'MALFORMED_BODY',
  'UNSUPPORTED_MEDIA_TYPE',
  'PAYLOAD_TOO_LARGE',
  'SERVICE_UNAVAILABLE',
  'OUTCOME_UNKNOWN',
] as const;

export type TransportErrorCode = (typeof TRANSPORT_ERROR_CODES)[number];

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

export const envelope = (code: string, message: string, field?: unknown): ErrorEnvelope =>
  typeof field === 'string'
    ? { success: false, message, fatal: true, code, field }
    : { success: false, message, fatal: true, code };

/** Answers in the envelope; nothing when an answer has begun already (the server refused the request first). */
export function sendError(res: Response, status: number, code: string, message: string): void {
  if (res.headersSent) return;
  res.status(status).json(envelope(code, message));
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
