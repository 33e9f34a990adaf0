import { type AddressInfo, connect, createServer, type Server, type Socket } from 'node:net';

/**
 * What the network does to one request and its answer:
 * - `pass`: both cross untouched;
 * - `reset`: the connection is reset before any byte of the request reaches the provider (nothing was asked);
 * - `lose-answer`: the whole request reaches the provider, and the service's side of the connection is closed when
 *   the answer starts back, before any byte of it arrives (the provider acted, nobody heard);
 * - `hold-answer`: the answer is held `holdMs` before it goes on, longer than the service waits for it;
 * - `cut-answer`: the answer's head and half its body go through, then the connection closes.
 */
export type NetworkFault = 'pass' | 'reset' | 'lose-answer' | 'hold-answer' | 'cut-answer';

/** One request the proxy saw, and the fault it met. */
export interface ProxiedRequest {
  readonly method: string;
  readonly path: string;
  /** Its header fields, names in lower case. */
  readonly headers: Readonly<Record<string, string>>;
  readonly fault: NetworkFault;
}

interface FaultRule {
  readonly method: string;
  readonly path: string | RegExp;
  readonly fault: NetworkFault;
  remaining: number;
}

const HEAD_END = Buffer.from('\r\n\r\n');

/** A request's or an answer's head, once all of it has arrived: where it ends and the length of its body. */
interface Head {
  readonly startLine: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly end: number;
  readonly contentLength: number | null;
  readonly chunked: boolean;
}

function headOf(bytes: Buffer): Head | null {
  const at = bytes.indexOf(HEAD_END);
  if (at < 0) return null;
  const [startLine = '', ...fields] = bytes.subarray(0, at).toString('latin1').split('\r\n');
  const field = (name: string) =>
    fields
      .find((line) => line.toLowerCase().startsWith(`${name}:`))
      ?.slice(name.length + 1)
      .trim();
  const length = field('content-length');
  const headers = Object.fromEntries(
    fields.map((line) => {
      const colon = line.indexOf(':');
      return [line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim()];
    }),
  );
  return {
    startLine,
    headers,
    end: at + HEAD_END.length,
    contentLength: length === undefined ? null : Number(length),
    chunked: /chunked/i.test(field('transfer-encoding') ?? ''),
  };
}

/** How many bytes of `bytes` one whole message takes, or null while it has not all arrived. */
function messageLength(bytes: Buffer, head: Head): number | null {
  if (head.chunked) {
    const last = bytes.indexOf('0\r\n\r\n', head.end);
    return last < 0 ? null : last + 5;
  }
  const total = head.end + (head.contentLength ?? 0);
  return bytes.length >= total ? total : null;
}

/**
 * A TCP proxy for tests between the service and a provider's fake, over real sockets: each client connection gets
 * its own connection to the provider, and the requests on it (HTTP/1.1, one at a time, as the service's fetch
 * sends them) are framed so that a fault can be aimed at one request by method and path, whichever pooled
 * connection carries it (the service's client keeps connections alive, so which connection a request takes is
 * not the test's to choose). A fault applies to as many matching requests as it was armed for, then the proxy
 * passes them again.
 */
export class FaultProxy {
  /** Every request that reached the proxy whole, with the fault it met. */
  readonly seen: ProxiedRequest[] = [];
  private readonly rules: FaultRule[] = [];
  private readonly sockets = new Set<Socket>();

  private constructor(
    private readonly server: Server,
    private readonly target: { host: string; port: number },
    private readonly holdMs: number,
  ) {
    server.on('connection', (client) => this.accept(client));
  }

  /** A proxy to `targetUrl`'s host and port; `holdMs` is how long `hold-answer` holds an answer. */
  static async start(targetUrl: string, holdMs: number): Promise<FaultProxy> {
    const { hostname, port } = new URL(targetUrl);
    const proxy = new FaultProxy(createServer(), { host: hostname, port: Number(port) }, holdMs);
    await new Promise<void>((resolve) => proxy.server.listen(0, '127.0.0.1', resolve));
    return proxy;
  }

  get url(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  /** The next `times` requests with `method` whose path (without its query) is or matches `path` meet `fault`. */
  arm(method: string, path: string | RegExp, fault: NetworkFault, times = 1): void {
    this.rules.push({ method, path, fault, remaining: times });
  }

  /** How many armed faults have not met their requests yet. */
  get unspent(): number {
    return this.rules.reduce((sum, rule) => sum + rule.remaining, 0);
  }

  async close(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise((resolve) => this.server.close(() => resolve(undefined)));
  }

  private track(socket: Socket): Socket {
    this.sockets.add(socket);
    socket.on('close', () => this.sockets.delete(socket));
    // A fault ends sockets abruptly on purpose; what the other side makes of it is the test's business.
    socket.on('error', () => undefined);
    return socket;
  }

  private faultFor(method: string, path: string): NetworkFault {
    const rule = this.rules.find(
      (r) =>
        r.remaining > 0 &&
        r.method === method &&
        (typeof r.path === 'string' ? r.path === path : r.path.test(path)),
    );
    if (!rule) return 'pass';
    rule.remaining -= 1;
    return rule.fault;
  }

  private accept(client: Socket): void {
    this.track(client);
    const upstream = this.track(connect(this.target.port, this.target.host));
    const link = new ProxiedConnection(client, upstream, this.holdMs, (method, path, headers) => {
      const fault = this.faultFor(method, path);
      this.seen.push({ method, path, headers, fault });
      return fault;
    });
    client.on('data', (chunk: Buffer) => link.fromClient(chunk));
    upstream.on('data', (chunk: Buffer) => link.fromProvider(chunk));
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => link.providerClosed());
  }
}

/** One client connection and its provider connection: requests framed on the way in, answers faulted on the way out. */
class ProxiedConnection {
  private request = Buffer.alloc(0);
  private answer = Buffer.alloc(0);
  /** The fault that the answer now coming back meets. */
  private answering: NetworkFault = 'pass';
  private held = false;
  /** The connection is ending on purpose, with bytes still to flush to the client. */
  private ending = false;

  constructor(
    private readonly client: Socket,
    private readonly upstream: Socket,
    private readonly holdMs: number,
    private readonly decide: (
      method: string,
      path: string,
      headers: Readonly<Record<string, string>>,
    ) => NetworkFault,
  ) {}

  fromClient(chunk: Buffer): void {
    this.request = Buffer.concat([this.request, chunk]);
    for (;;) {
      const head = headOf(this.request);
      const length = head && messageLength(this.request, head);
      if (!head || length === null) return;
      if (head.chunked) throw new Error('the fault proxy frames requests by Content-Length only');
      const whole = this.request.subarray(0, length);
      this.request = this.request.subarray(length);
      const [method = '', target = ''] = head.startLine.split(' ');
      const fault = this.decide(method, target.split('?')[0] ?? '', head.headers);
      if (fault === 'reset') {
        this.client.resetAndDestroy();
        this.upstream.destroy();
        return;
      }
      this.answering = fault;
      this.upstream.write(whole);
    }
  }

  fromProvider(chunk: Buffer): void {
    switch (this.answering) {
      case 'pass':
        this.client.write(chunk);
        return;
      case 'lose-answer':
        this.client.destroy();
        this.upstream.destroy();
        return;
      case 'hold-answer':
        this.answer = Buffer.concat([this.answer, chunk]);
        if (!this.held) {
          this.held = true;
          setTimeout(() => this.release(), this.holdMs).unref();
        }
        return;
      case 'cut-answer':
        this.answer = Buffer.concat([this.answer, chunk]);
        this.cutWhenWhole();
        return;
      case 'reset':
        return;
    }
  }

  providerClosed(): void {
    if (!this.held && !this.ending) this.client.destroy();
  }

  private release(): void {
    this.held = false;
    this.answering = 'pass';
    if (!this.client.destroyed) this.client.write(this.answer);
    this.answer = Buffer.alloc(0);
    if (this.upstream.destroyed) this.client.destroy();
  }

  private cutWhenWhole(): void {
    const head = headOf(this.answer);
    const length = head && messageLength(this.answer, head);
    if (!head || length === null) return;
    const half = head.end + Math.floor((length - head.end) / 2);
    this.ending = true;
    this.client.end(this.answer.subarray(0, half));
    this.upstream.destroy();
  }
}
