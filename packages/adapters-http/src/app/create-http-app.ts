import express from 'express';
import { requestLogging } from '../logging/request-logging.middleware.js';
import { consoleRoutes } from '../routes/console.routes.js';
import { docsRoutes } from '../routes/docs.routes.js';
import { healthRoutes } from '../routes/health.routes.js';
import { indexRoutes } from '../routes/index.routes.js';
import { linkRoutes } from '../routes/links.routes.js';
import { listRoutes } from '../routes/lists.routes.js';
import { operatorRoutes } from '../routes/operator.routes.js';
import { operatorListRoutes } from '../routes/operator-lists.routes.js';
import { railWebhookRoutes } from '../routes/rail-webhooks.routes.js';
import { reconciliationRoutes } from '../routes/reconciliation.routes.js';
import { reportRoutes } from '../routes/reports.routes.js';
import { transactionRoutes } from '../routes/transactions.routes.js';
import { walletRoutes } from '../routes/wallets.routes.js';
import { withdrawalRoutes } from '../routes/withdrawals.routes.js';
import { DEFAULT_HTTP_LIMITS } from '../server/api-server.js';
import { bodyDeadline, requestTargetLimit } from './body-deadline.middleware.js';
import { bodyErrors } from './body-parsing.middleware.js';
import { canonicalPathIds } from './canonical-path-ids.js';
import { internalErrors, routeNotFound } from './error-handler.middleware.js';
import type { HttpAppDeps } from './http-app-deps.js';
import { observeHttp } from './http-metrics.middleware.js';
import { pathErrors } from './path-errors.middleware.js';
import { securityHeaders } from './security-headers.middleware.js';

/** The whole HTTP surface: the spec's endpoints 1–7, docs/product.md's extensions and operator API, health and docs. */
export function createHttpApp(deps: HttpAppDeps): express.Express {
  const app = express();
  app.disable('x-powered-by');
  // No ETags: a body carries a payment state to be read fresh, or the time of the request (`payload.timestamp`),
  // so a validator would never match and hashing every body is work for nothing
  // (docs/decisions/0013-http-app-without-etags-on-one-router.md).
  app.set('etag', false);
  app.set('trust proxy', deps.trustProxy);
  // First, so that every answer carries them, /metrics included.
  app.use(securityHeaders);
  observeHttp(app, deps.metrics);
  app.use(requestLogging(deps.logger));
  app.use(requestTargetLimit);
  app.use(bodyDeadline(deps.bodyTimeoutMs ?? DEFAULT_HTTP_LIMITS.bodyTimeoutMs));
  canonicalPathIds(app);
  // Every route on the app's own router, the busiest first (their paths are disjoint, so the order only decides
  // how many layers a request is matched against): a router per file, each mounted on the app, made every request
  // enter and leave each one before its own (docs/decisions/0013-http-app-without-etags-on-one-router.md).
  withdrawalRoutes(app, deps);
  transactionRoutes(app, deps);
  linkRoutes(app, deps);
  operatorRoutes(app, deps);
  listRoutes(app, deps);
  walletRoutes(app, deps);
  operatorListRoutes(app, deps);
  reconciliationRoutes(app, deps);
  reportRoutes(app, deps);
  railWebhookRoutes(app, deps);
  healthRoutes(app, deps);
  docsRoutes(app);
  consoleRoutes(app);
  indexRoutes(app);
  app.use(routeNotFound);
  app.use(pathErrors);
  app.use(bodyErrors);
  app.use(internalErrors(deps.logger));
  return app;
}
