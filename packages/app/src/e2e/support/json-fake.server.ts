import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A fake provider's answer: an HTTP status and a JSON body. */
export type FakeAnswer = [number, object];

/** Answers a request, given its body as text. */
export type FakeHandler = (req: IncomingMessage, raw: string) => FakeAnswer;

/** A local HTTP server that answers JSON, standing in for a provider's API in the production e2e tests. */
export class JsonFakeServer {
  private constructor(private readonly server: Server) {}

  static async start(handle: FakeHandler): Promise<JsonFakeServer> {
    const server = createServer((req, res) => {
      void readBody(req).then((raw) => {
        const [status, body] = handle(req, raw);
        res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return new JsonFakeServer(server);
  }

  get url(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  close(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

export const header = (req: IncomingMessage, name: string): string | undefined => {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
};

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}
