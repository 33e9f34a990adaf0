import type { IRouter } from 'express';
import type { HttpAppDeps } from '../app/http-app-deps.js';
import { checkReadiness } from '../ops/readiness.js';

/**
 * `/healthz`: the process answers. `/readyz`: 503 naming what is down only when it stops this process from serving
 * (PostgreSQL; the job queue where jobs run); a dependency the process serves without (Redis: rate limiting falls
 * back in process) is reported down with 200 and status `degraded`, so a load balancer keeps sending traffic.
 */
export function healthRoutes(router: IRouter, deps: HttpAppDeps): void {
  router.get('/healthz', (_req, res) => {
    res.json({ status: 'ok' });
  });
  router.get('/readyz', async (_req, res) => {
    const { httpStatus, body } = await checkReadiness(deps.readiness, (error) =>
      deps.logger.warn({ err: error }, 'readiness check threw'),
    );
    res.status(httpStatus).json(body);
  });
}
