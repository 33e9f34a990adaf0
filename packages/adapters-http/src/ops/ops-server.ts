import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Logger } from 'pino';
import type { PayoutMetrics } from './payout-metrics.js';
import { checkReadiness, type ReadinessReport } from './readiness.js';

export interface OpsServerOptions {
  readonly port: number;
  readonly host: string;
  readonly metrics: PayoutMetrics;
  /** The same checks as the API's /readyz: a required one down answers 503, an optional one 200 `degraded`. */
  readonly readiness: () => Promise<ReadinessReport>;
  readonly logger: Logger;
}

export interface OpsServer {
  /** `http://host:port`. */
  readonly url: string;
  close(): Promise<void>;
}

const json = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify(body));
};

/**
 * A process that serves no API (a worker) answers probes and scrapes on a port of its own: `/healthz`, `/readyz`
 * and `/metrics`. Plain node:http, so a worker still loads neither Express nor the routes.
 */
export async function startOpsServer(options: OpsServerOptions): Promise<OpsServer> {
  const { metrics, readiness, logger } = options;
  const server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    if (req.method !== 'GET' && req.method !== 'HEAD')
      return json(res, 405, { status: 'method not allowed' });
    if (path === '/healthz') return json(res, 200, { status: 'ok' });
    if (path === '/readyz') {
      void checkReadiness(readiness, (error) => logger.warn({ err: error }, 'readiness check threw')).then(
        ({ httpStatus, body }) => json(res, httpStatus, body),
      );
      return;
    }
    if (path === '/metrics') {
      void metrics.exposition().then(
        ({ contentType, body }) => res.writeHead(200, { 'content-type': contentType }).end(body),
        (error: unknown) => {
          logger.warn({ err: error }, 'metrics collection failed');
          json(res, 500, { status: 'metrics collection failed' });
        },
      );
      return;
    }
    json(res, 404, { status: 'not found' });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const host = options.host === '0.0.0.0' ? 'localhost' : options.host;
  return {
    url: `http://${host}:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeIdleConnections();
      }),
  };
}
