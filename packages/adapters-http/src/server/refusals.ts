import { API_ANSWER_HEADERS } from '../app/security-headers.middleware.js';
import { envelope, type TransportErrorCode } from '../errors/error-envelope.js';

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

export const REFUSALS = {
  malformed: {
    status: 400,
    reason: 'Bad Request',
    code: 'MALFORMED_HTTP',
    message: 'The request is not valid HTTP',
  },
  timeout: {
    status: 408,
    reason: 'Request Timeout',
    code: 'REQUEST_TIMEOUT',
    message: 'The request took too long to arrive',
  },
  uriTooLong: {
    status: 414,
    reason: 'URI Too Long',
    code: 'URI_TOO_LONG',
    message: `The request target must not exceed ${MAX_REQUEST_TARGET} bytes`,
  },
  unmetExpectation: {
    status: 417,
    reason: 'Expectation Failed',
    code: 'MALFORMED_HTTP',
    message: 'The Expect header can only ask for 100-continue',
  },
  tooManyConnections: {
    status: 429,
    reason: 'Too Many Requests',
    code: 'TOO_MANY_CONNECTIONS',
    message: 'Too many open connections from this address',
    retryAfter: 1,
  },
  headersTooLarge: {
    status: 431,
    reason: 'Request Header Fields Too Large',
    code: 'HEADERS_TOO_LARGE',
    message: 'Request headers are too large',
  },
} as const satisfies Record<string, Refusal>;

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
