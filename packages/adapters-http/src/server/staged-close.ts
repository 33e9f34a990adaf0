import type { Socket } from 'node:net';

/** How long a closing connection keeps reading, at most, for its client to read the last answer. */
const LINGER_MS = 2_000;

const closing = new WeakSet<Socket>();

/** Whether staged closing of this connection has begun: nothing more is written to it. */
export const isClosing = (socket: Socket): boolean => closing.has(socket);

/**
 * Closes a connection in stages (RFC 9112 §9.6): the answer written, then the sending side shut, then whatever the
 * client still sends read and dropped until it closes or `lingerMs` pass. Closed at once with request bytes
 * unread, a connection is reset by the kernel, which may discard the answer before the client reads it.
 */
export function closeInStages(socket: Socket, answer?: string, lingerMs = LINGER_MS): void {
  if (closing.has(socket) || socket.destroyed) return;
  closing.add(socket);
  const timer = setTimeout(() => socket.destroy(), lingerMs);
  timer.unref();
  socket.once('close', () => clearTimeout(timer));
  socket.on('error', () => socket.destroy());
  if (socket.writable) answer === undefined ? socket.end() : socket.end(answer);
  // Drop what still comes: the HTTP parser may be gone or in error, and nothing more is answered.
  socket.on('data', () => undefined);
  socket.resume();
}

/**
 * Makes Node's own close of a `Connection: close` answer (`destroySoon`, once the answer is handed to the kernel)
 * a staged close, so that a refusal sent while the request body is still arriving is read.
 */
export function closeEveryAnswerInStages(socket: Socket): void {
  socket.destroySoon = () => closeInStages(socket);
}
