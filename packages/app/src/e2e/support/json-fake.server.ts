import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A fake provider's answer: an HTTP status and a JSON body. */
export type FakeAnswer = [number, object];

/**
 * A local HTTP server that answers JSON, standing in for a provider's API in the production e2e tests: a fake
 * says how it answers each request (`answer`, given the body as text) and starts with `listen`.
 */
export abstract class JsonFakeServer {
  private server: Server | null = null;

  protected abstract answer(req: IncomingMessage, raw: string): FakeAnswer;

  protected async listen(): Promise<this> {
    const server = createServer((req, res) => {
      void readBody(req).then((raw) => {
        const [status, body] = this.answer(req, raw);
        res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    this.server = server;
    return this;
  }

  get url(): string {
    const address = this.server?.address() as AddressInfo | null | undefined;
    return address ? `http://127.0.0.1:${address.port}` : '';
  }

  close(): Promise<void> {
    const server = this.server;
    if (!server) return Promise.resolve();
    server.closeAllConnections();
    return new Promise((resolve) => server.close(() => resolve()));
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
