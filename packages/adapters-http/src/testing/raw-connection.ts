import { connect, type Socket } from 'node:net';
import { parseResponse, type RawHttpResponse } from './raw-http.client.js';

/** How a connection ended, seen from the client. */
export interface ConnectionEnd {
  /** The server reset the connection (ECONNRESET) instead of closing it. */
  readonly reset: boolean;
  /** When, in ms since the connection was opened. */
  readonly afterMs: number;
}

/**
 * One client connection written byte for byte (requests, parts of requests, pauses), its answers read in order:
 * for what happens on a connection that is reused, written slowly, or refused.
 */
export class RawConnection {
  private received = Buffer.alloc(0);
  private readonly opened = performance.now();
  private waiting: (() => void) | null = null;
  /** A trickle is writing: the client goes on sending after the server's FIN, as a client still uploading does. */
  private sending = false;
  private serverEnded = false;
  /** Resolves once the server has closed or reset the connection. */
  readonly ended: Promise<ConnectionEnd>;

  private constructor(private readonly socket: Socket) {
    let reset = false;
    socket.on('data', (chunk: Buffer) => {
      this.received = Buffer.concat([this.received, chunk]);
      this.waiting?.();
    });
    socket.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ECONNRESET' || error.code === 'EPIPE') reset = true;
    });
    socket.on('end', () => {
      this.serverEnded = true;
      this.waiting?.();
      if (!this.sending) socket.end();
    });
    this.ended = new Promise((resolve) =>
      socket.on('close', () => {
        this.waiting?.();
        resolve({ reset, afterMs: performance.now() - this.opened });
      }),
    );
  }

  static open(port: number): Promise<RawConnection> {
    return new Promise((resolve, reject) => {
      const socket = connect({ port, host: '127.0.0.1', allowHalfOpen: true });
      socket.once('connect', () => resolve(new RawConnection(socket)));
      socket.once('error', reject);
    });
  }

  /** Writes `data`, or nothing when the server has closed its side already (returns false then). */
  write(data: string | Buffer): boolean {
    if (this.socket.destroyed || !this.socket.writable) return false;
    this.socket.write(typeof data === 'string' ? Buffer.from(data, 'latin1') : data);
    return true;
  }

  /**
   * Writes `data` one byte every `everyMs`, going on after the server has answered and shut its side, until written
   * or the connection is gone; resolves with the bytes written.
   */
  async trickle(data: string, everyMs: number): Promise<number> {
    this.sending = true;
    try {
      for (let i = 0; i < data.length; i += 1) {
        if (!this.write(data.charAt(i))) return i;
        await new Promise((resolve) => setTimeout(resolve, everyMs));
      }
      return data.length;
    } finally {
      this.sending = false;
      if (this.serverEnded) this.socket.end();
    }
  }

  /** The next whole response (`bodyless` for a HEAD's), or null if the connection closed first. */
  async response(timeoutMs = 5_000, bodyless = false): Promise<RawHttpResponse | null> {
    const deadline = performance.now() + timeoutMs;
    for (;;) {
      const parsed = parseResponse(this.received, bodyless);
      if (parsed) {
        this.received = this.received.subarray(Buffer.byteLength(parsed.raw, 'latin1'));
        return parsed;
      }
      if (this.socket.destroyed || this.serverEnded) return null;
      const left = deadline - performance.now();
      if (left <= 0) throw new Error(`no whole response within ${timeoutMs} ms`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiting = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    }
  }

  close(): void {
    this.socket.destroy();
  }
}
