import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type ProviderName, ProviderOracle } from '@payout/adapters-rails/testing';

/** A fake provider's answer: an HTTP status, a JSON body and, when the provider sends some, headers. */
export type FakeAnswer = [number, object] | [number, object, Record<string, string>];

/**
 * A local HTTP server that answers JSON, standing in for a provider's API in the production e2e tests: a fake
 * says how it answers each request (`answer`, given the body as text) and starts with `listen`. Every request is
 * checked against the provider's definition first (ProviderOracle): one the definition does not accept is answered
 * as the provider refuses it and never reaches `answer`; every answer is checked too. `close` fails when a request
 * or answer broke the definition, so no test passes on a request the provider would refuse.
 */
export abstract class JsonFakeServer {
  private server: Server | null = null;
  protected readonly oracle: ProviderOracle;
  /** Answers for the next requests, before the fake's own: an outage, a rate limit. */
  private readonly refusals: FakeAnswer[] = [];
  /** Errors thrown while answering, which no provider would give. */
  private readonly faults: string[] = [];

  constructor(provider: ProviderName) {
    this.oracle = new ProviderOracle(provider);
  }

  protected abstract answer(req: IncomingMessage, raw: string): FakeAnswer;

  /** Answers the next request with `answer` (a 503 with its `Retry-After`, a 429) instead of the fake's own. */
  refuseNext(answer: FakeAnswer): void {
    this.refusals.push(answer);
  }

  protected async listen(): Promise<this> {
    const server = createServer((req, res) => {
      void readBody(req).then((raw) => {
        const method = req.method ?? 'GET';
        const { pathname, search } = new URL(req.url ?? '/', 'http://fake');
        try {
          const refusal = this.oracle.receive(method, pathname, raw, search);
          const [status, body, headers = {}] = refusal
            ? [refusal.status, refusal.body]
            : (this.refusals.shift() ?? this.answer(req, raw));
          this.oracle.answered(method, pathname, status, body);
          res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(body));
        } catch (error) {
          // A fault of the fake or its check, not the provider's answer: the test fails on it at close.
          this.faults.push(
            `${method} ${pathname}: ${error instanceof Error ? error.message : String(error)}`,
          );
          res.writeHead(500, { 'content-type': 'application/json' }).end('{}');
        }
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

  async close(): Promise<void> {
    const server = this.server;
    if (server) {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(() => resolve(undefined)));
    }
    const violations = [...this.faults.splice(0), ...this.oracle.takeViolations()];
    if (violations.length > 0)
      throw new Error(`the service sent or was answered outside the definition:\n${violations.join('\n')}`);
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
