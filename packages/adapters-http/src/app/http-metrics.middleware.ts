import type { Express, Request } from 'express';
import type { PayoutMetrics } from '../ops/payout-metrics.js';

/** The label of a request that no route took (404s, requests refused before routing, static assets). */
const UNMATCHED_ROUTE = 'unmatched';

/**
 * The route pattern that answered (`/v1/transactions/:transactionId`), never the path itself: ids and
 * application tokens would make a series per request and put tokens in the metrics.
 */
const routeOf = (req: Request): string => {
  const path: unknown = req.route?.path;
  return typeof path === 'string' ? `${req.baseUrl}${path}` : UNMATCHED_ROUTE;
};

/**
 * Counts and times every request by method, route pattern and status (`payout_http_*`), and serves the
 * process's metrics at `GET /metrics`. Mounted first, so that every response is counted, refusals included.
 */
export function observeHttp(app: Express, metrics: PayoutMetrics | undefined): void {
  if (!metrics) return;
  app.use((req, res, next) => {
    const started = process.hrtime.bigint();
    res.once('finish', () => {
      const labels = { method: req.method, route: routeOf(req), status: res.statusCode };
      metrics.httpRequests.inc(labels);
      metrics.httpDuration.observe(labels, Number(process.hrtime.bigint() - started) / 1e9);
    });
    next();
  });
  app.get('/metrics', async (_req, res) => {
    const { contentType, body } = await metrics.exposition();
    res.type(contentType).send(body);
  });
}
