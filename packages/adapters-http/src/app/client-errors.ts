import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import { envelope, type TransportErrorCode } from '../errors/error-envelope.js';

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

const response = ({ status, reason, code, message }: Refusal): string => {
  const body = JSON.stringify(envelope(code, message));
  return [
    `HTTP/1.1 ${status} ${reason}`,
    'Content-Type: application/json; charset=utf-8',
    `Content-Length: ${Buffer.byteLength(body)}`,
    'X-Content-Type-Options: nosniff',
    'Cache-Control: no-store',
    'Connection: close',
    '',
    body,
  ].join('\r\n');
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
}
