import type { Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

/** The response of the request each connection is serving, until it is answered and its request read whole. */
export interface InFlightAnswers {
  of(socket: Socket): ServerResponse | null;
}

/**
 * Follows every request's response on its connection: a client error (a timeout, a parse error) is answered on the
 * raw socket only when no response is in flight there; after an answer, Node reads and drops a body the app left
 * unread, and the request is in flight until it has.
 */
export function followAnswers(server: Server): InFlightAnswers {
  const inFlight = new WeakMap<Socket, ServerResponse>();
  server.on('request', (req, res: ServerResponse) => {
    const socket = req.socket;
    inFlight.set(socket, res);
    const done = () => {
      if (inFlight.get(socket) === res) inFlight.delete(socket);
    };
    res.once('finish', () => (req.complete ? done() : req.once('end', done)));
    res.once('close', done);
  });
  return { of: (socket) => inFlight.get(socket) ?? null };
}
