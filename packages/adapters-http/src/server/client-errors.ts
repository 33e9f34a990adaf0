import type { Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { InFlightAnswers } from './in-flight-answers.js';
import { MAX_REQUEST_TARGET, REFUSALS, type Refusal, rawRefusal, refusalAnswer } from './refusals.js';
import { closeInStages, isClosing } from './staged-close.js';

/**
 * A head over the limit whose request line alone is longer than a request target may be: 414, not 431. Node gives
 * the chunk it was parsing; a request sent on its own starts it (a pipelined one behind another is judged 431).
 */
function overflowRefusal(error: NodeJS.ErrnoException & { rawPacket?: Buffer }): Refusal {
  const packet = error.rawPacket?.subarray(0, MAX_REQUEST_TARGET + 32).toString('latin1') ?? '';
  const lineEnd = packet.indexOf('\r\n');
  const line = lineEnd < 0 ? packet : packet.slice(0, lineEnd);
  return line.length > MAX_REQUEST_TARGET ? REFUSALS.uriTooLong : REFUSALS.headersTooLarge;
}

const refusalFor = (error: NodeJS.ErrnoException): Refusal => {
  if (error.code === 'HPE_HEADER_OVERFLOW') return overflowRefusal(error);
  if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') return REFUSALS.timeout;
  return REFUSALS.malformed;
};

/** Answers through the request's own response, which Node then closes in stages (`Connection: close`). */
function answerThrough(res: ServerResponse, refusal: Refusal): void {
  const { body, headers } = refusalAnswer(refusal);
  res.writeHead(refusal.status, Object.fromEntries(headers)).end(body);
}

/**
 * What Node's HTTP parser refuses before Express sees it (a head over the limit, two Content-Length headers, a
 * request line that is not HTTP) or a request that does not arrive in time is answered in the spec's envelope, on a
 * new connection and on one that served earlier requests alike, and the connection is closed in stages so that the
 * client reads the answer. An answer already begun for the request is never interrupted: the connection is closed
 * once it is sent, adding nothing to it.
 */
export function answerClientErrors(server: Server, answers: InFlightAnswers): void {
  server.on('clientError', (error: NodeJS.ErrnoException, stream) => {
    const socket = stream as Socket;
    if (isClosing(socket)) return;
    if (error.code === 'ECONNRESET' || !socket.writable) return void socket.destroy();
    const res = answers.of(socket);
    if (!res) return closeInStages(socket, rawRefusal(refusalFor(error)));
    if (!res.headersSent) return answerThrough(res, refusalFor(error));
    if (res.writableFinished) return closeInStages(socket);
    res.once('finish', () => closeInStages(socket));
  });
  // Node answers an unmet expectation itself, with an empty 417 and none of the API's headers, unless told here.
  server.on('checkExpectation', (_req, res: ServerResponse) => answerThrough(res, REFUSALS.unmetExpectation));
}
