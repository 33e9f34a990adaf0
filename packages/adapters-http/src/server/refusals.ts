import { STATUS_CODES } from 'node:http';
import { API_ANSWER_HEADERS } from '../app/security-headers.middleware.js';
import {
  TRANSPORT_ERROR_STATUS,
  type TransportErrorCode,
  UNMET_EXPECTATION_STATUS,
} from '../errors/error-status.table.js';
import { envelope, TRANSPORT_MESSAGES } from '../errors/response-envelope.js';

/** An answer the server gives before, or instead of, the app: a status, its reason phrase and the envelope's code. */
export interface Refusal {
  readonly status: number;
  readonly reason: string;
  readonly code: TransportErrorCode;
  readonly message: string;
  /** Seconds, sent as Retry-After. */
  readonly retryAfter?: number;
}

/** The longest request target (path and query) served; a longer one is 414. */
export const MAX_REQUEST_TARGET = 8 * 1024;

/** A refusal of `code`, with its status from the table (or `status`) and that status's reason phrase. */
const refusal = (
  code: TransportErrorCode,
  message: string,
  status: number = TRANSPORT_ERROR_STATUS[code],
): Refusal => ({ status, reason: STATUS_CODES[status] ?? '', code, message });

export const REFUSALS = {
  malformed: refusal('MALFORMED_HTTP', TRANSPORT_MESSAGES.MALFORMED_HTTP),
  timeout: refusal('REQUEST_TIMEOUT', TRANSPORT_MESSAGES.REQUEST_TIMEOUT),
  uriTooLong: refusal('URI_TOO_LONG', TRANSPORT_MESSAGES.URI_TOO_LONG(MAX_REQUEST_TARGET)),
  unmetExpectation: refusal('MALFORMED_HTTP', TRANSPORT_MESSAGES.UNMET_EXPECTATION, UNMET_EXPECTATION_STATUS),
  tooManyConnections: {
    ...refusal('TOO_MANY_CONNECTIONS', TRANSPORT_MESSAGES.TOO_MANY_CONNECTIONS),
    retryAfter: 1,
  },
  headersTooLarge: refusal('HEADERS_TOO_LARGE', TRANSPORT_MESSAGES.HEADERS_TOO_LARGE),
} as const satisfies Readonly<Record<string, Refusal>>;

/** A refusal's body and every header of its answer: the API's own, and the connection closed after it. */
export function refusalAnswer(refusal: Refusal): { body: string; headers: (readonly [string, string])[] } {
  const body = JSON.stringify(envelope(refusal.code, refusal.message));
  return {
    body,
    headers: [
      ['Content-Type', 'application/json; charset=utf-8'],
      ['Content-Length', String(Buffer.byteLength(body))],
      ...API_ANSWER_HEADERS,
      ...(refusal.retryAfter === undefined ? [] : [['Retry-After', String(refusal.retryAfter)] as const]),
      ['Connection', 'close'],
    ],
  };
}

/** The whole answer as raw HTTP, for a socket no response object stands for. */
export function rawRefusal(refusal: Refusal): string {
  const { body, headers } = refusalAnswer(refusal);
  const head = headers.map(([name, value]) => `${name}: ${value}`);
  return [`HTTP/1.1 ${refusal.status} ${refusal.reason}`, ...head, '', body].join('\r\n');
}
