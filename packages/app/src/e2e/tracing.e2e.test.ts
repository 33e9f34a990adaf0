import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type ScratchDatabase, scratchDatabase } from '@payout/adapters-persistence/testing';
import { expect } from 'chai';
import { eventually } from './support/eventually.js';
import { createSandbox } from './support/sandbox.fixture.js';
import { ServiceProcess } from './support/service.process.js';

interface Span {
  readonly name: string;
  readonly kind: number;
  readonly scope: string;
  readonly attributes: Record<string, unknown>;
}

/** An OTLP/HTTP receiver on 127.0.0.1 that keeps the spans of every JSON export it is sent. */
class OtlpReceiver {
  readonly spans: Span[] = [];
  private constructor(private readonly server: Server) {}

  static async start(): Promise<OtlpReceiver> {
    const receiver: OtlpReceiver = new OtlpReceiver(
      createServer((req, res) => {
        let body = '';
        req.setEncoding('utf8').on('data', (chunk: string) => {
          body += chunk;
        });
        req.on('end', () => {
          if (req.url === '/v1/traces') receiver.collect(body);
          res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
        });
      }),
    );
    await new Promise<void>((resolve) => receiver.server.listen(0, '127.0.0.1', resolve));
    return receiver;
  }

  get url(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  close(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  private collect(body: string): void {
    type Export = {
      resourceSpans?: {
        scopeSpans?: {
          scope?: { name?: string };
          spans?: {
            name: string;
            kind: number;
            attributes?: { key: string; value: Record<string, unknown> }[];
          }[];
        }[];
      }[];
    };
    for (const resource of (JSON.parse(body) as Export).resourceSpans ?? [])
      for (const scoped of resource.scopeSpans ?? [])
        for (const span of scoped.spans ?? [])
          this.spans.push({
            name: span.name,
            kind: span.kind,
            scope: scoped.scope?.name ?? '',
            attributes: Object.fromEntries(
              (span.attributes ?? []).map(({ key, value }) => [key, Object.values(value)[0]]),
            ),
          });
  }
}

const SERVER_KIND = 2;

describe('e2e: OpenTelemetry tracing switched on by OTEL_* variables', function () {
  this.timeout(120_000);
  let database: ScratchDatabase;
  let receiver: OtlpReceiver;
  let api: ServiceProcess | null = null;

  before(async () => {
    database = await scratchDatabase('e2e_tracing');
    receiver = await OtlpReceiver.start();
  });

  after(async () => {
    await api?.stop();
    await receiver?.close();
    await database?.drop();
  });

  it('exports an HTTP server span with its route and the pg spans of a request', async () => {
    api = await ServiceProcess.start('start-api', database.url, {
      OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url,
      OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
      OTEL_BSP_SCHEDULE_DELAY: '100',
    });
    await createSandbox(api.url, 'http://127.0.0.1:9/hooks', 1, '10.00');
    const spans = await eventually(
      'the API exporting the server and database spans of the sandbox requests',
      () => {
        const server = receiver.spans.filter(
          (s) => s.kind === SERVER_KIND && s.scope === '@opentelemetry/instrumentation-http',
        );
        const pg = receiver.spans.filter((s) => s.scope === '@opentelemetry/instrumentation-pg');
        return server.length > 0 && pg.length > 0 ? { server, pg } : undefined;
      },
      60_000,
      () => `${receiver.spans.length} spans; API output:\n${api?.logTail()}`,
    );
    const routes = spans.server.map((s) => s.attributes['http.route']);
    expect(routes).to.include('/v1/operator/merchants');
    expect(
      spans.pg.some(
        (s) => s.attributes['db.system'] === 'postgresql' || s.attributes['db.system.name'] === 'postgresql',
      ),
    ).to.equal(true);
    expect(receiver.spans.some((s) => s.scope === '@opentelemetry/instrumentation-express')).to.equal(true);
  });
});
