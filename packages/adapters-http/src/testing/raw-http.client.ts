import { connect } from 'node:net';

export interface RawHttpRequest {
  readonly method: string;
  /** Sent as written, percent-encoding and all: fetch would normalise it. */
  readonly target: string;
  readonly headers: readonly (readonly [string, string])[];
  readonly body?: Buffer;
  /** Close the sending side once written: the end of a body shorter than its Content-Length. */
  readonly endAfterWrite?: boolean;
}

export interface RawHttpResponse {
  readonly status: number;
  /** Lower-cased names; a repeated header keeps its last value. */
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string;
  /** Status line, headers and body as received. */
  readonly raw: string;
}

const HEADER_END = '\r\n\r\n';

/** The first whole response in `received`, or null while it is incomplete. */
export function parseResponse(received: Buffer, bodyless: boolean): RawHttpResponse | null {
  const text = received.toString('latin1');
  const end = text.indexOf(HEADER_END);
  if (end < 0) return null;
  const [statusLine = '', ...lines] = text.slice(0, end).split('\r\n');
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  const length = bodyless ? 0 : Number(headers['content-length'] ?? Number.NaN);
  const start = end + HEADER_END.length;
  if (!Number.isFinite(length) || received.length < start + length) return null;
  const body = received.subarray(start, start + length).toString('utf8');
  return { status: Number(statusLine.split(' ')[1]), headers, body, raw: text.slice(0, start + length) };
}

/**
 * One request over its own connection, byte for byte as given (so a Content-Length may disagree with the body),
 * resolved with the first response once it is complete, or null if the server closed without one.
 */
export function rawHttpRequest(
  port: number,
  request: RawHttpRequest,
  timeoutMs = 5_000,
): Promise<RawHttpResponse | null> {
  const head = [
    `${request.method} ${request.target} HTTP/1.1`,
    ...request.headers.map(([n, v]) => `${n}: ${v}`),
  ];
  const bytes = Buffer.concat([
    Buffer.from(`${head.join('\r\n')}${HEADER_END}`, 'latin1'),
    request.body ?? Buffer.alloc(0),
  ]);
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let received = Buffer.alloc(0);
    const timer = setTimeout(() => {
      socket.destroy();
      reject(
        new Error(`no answer within ${timeoutMs} ms to ${request.method} ${request.target.slice(0, 80)}`),
      );
    }, timeoutMs);
    const finish = (value: RawHttpResponse | null) => {
      clearTimeout(timer);
      socket.destroy();
      resolve(value);
    };
    socket.on('data', (chunk: Buffer) => {
      received = Buffer.concat([received, chunk]);
      const response = parseResponse(received, request.method === 'HEAD');
      if (response) finish(response);
    });
    socket.on('close', () => finish(parseResponse(received, request.method === 'HEAD')));
    socket.on('error', () => undefined);
    socket.write(bytes);
    if (request.endAfterWrite) socket.end();
  });
}
