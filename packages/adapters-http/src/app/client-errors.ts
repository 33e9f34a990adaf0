import type { Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { envelope, type TransportErrorCode } from '../errors/error-envelope.js';
import { API_ANSWER_HEADERS } from './security-headers.middleware.js';

interface Refusal {
  readonly status: number;
  readonly reason: string;
  readonly code: TransportErrorCode;
  readonly message: string;
}

const BAD_REQUEST: Refusal = {
  status: 400,
  reason: 'Bad Request',
  code: 'MALFORMED_HTTP',
  message: 'The request is not valid HTTP',
};

/** Node's parser codes that are not a plain 400, as Node's own default answer distinguishes them. */
const REFUSALS: Readonly<Record<string, Refusal>> = {
  HPE_HEADER_OVERFLOW: {
    status: 431,
    reason: 'Request Header Fields Too Large',
    code: 'HEADERS_TOO_LARGE',
    message: 'Request headers are too large',
  },
  ERR_HTTP_REQUEST_TIMEOUT: {
    status: 408,
    reason: 'Request Timeout',
    code: 'REQUEST_TIMEOUT',
    message: 'The request took too long to arrive',
  },
};

/** An Expect header other than `100-continue`: the one expectation HTTP/1.1 defines. */
const UNMET_EXPECTATION: Refusal = {
  status: 417,
  reason: 'Expectation Failed',
  code: 'MALFORMED_HTTP',
  message: 'The Expect header can only ask for 100-continue',
};

/** A refusal's body and every header of its answer: the API's own, and the connection closed after it. */
function answer({ code, message }: Refusal): { body: string; headers: (readonly [string, string])[] } {
  const body = JSON.stringify(envelope(code, message));
  return {
    body,
    headers: [
      ['Content-Type', 'application/json; charset=utf-8'],
      ['Content-Length', String(Buffer.byteLength(body))],
      ...API_ANSWER_HEADERS,
      ['Connection', 'close'],
    ],
  };
}

/** The whole answer as raw HTTP, for a socket no response object stands for. */
const response = (refusal: Refusal): string => {
  const { body, headers } = answer(refusal);
  const head = headers.map(([name, value]) => `${name}: ${value}`);
  return [`HTTP/1.1 ${refusal.status} ${refusal.reason}`, ...head, '', body].join('\r\n');
};

/**
 * What Node's HTTP parser refuses before Express sees it (a Content-Length that disagrees with the bytes sent, a
 * header section over the limit, a request line that is not HTTP) is answered in the spec's envelope rather than
 * Node's bare status line. Only on a connection that has not been written to yet: a raw answer in the middle of
 * an earlier response would corrupt it, so such a connection is just closed, as Node itself does.
 */
export function answerClientErrors(server: Server): void {
  server.on('clientError', (error: NodeJS.ErrnoException, stream) => {
    const socket = stream as Socket;
    if (error.code === 'ECONNRESET' || !socket.writable || socket.bytesWritten > 0) {
      socket.destroy();
      return;
    }
    socket.end(response(REFUSALS[error.code ?? ''] ?? BAD_REQUEST));
  });
  // Node answers an unmet expectation itself, with an empty 417 and none of the API's headers, unless told here.
  server.on('checkExpectation', (_req, res: ServerResponse) => {
    const { body, headers } = answer(UNMET_EXPECTATION);
    res.writeHead(UNMET_EXPECTATION.status, Object.fromEntries(headers)).end(body);
  });
}
