import type { IRouter } from 'express';
import type { HttpAppDeps, ReadinessReport } from '../app/http-app-deps.js';

/** A check counts against readiness unless marked `required: false`. */
const blocks = (check: ReadinessReport[string]) => !check.ok && check.required !== false;

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
    let checks: ReadinessReport;
    try {
      checks = await deps.readiness();
    } catch (error) {
      deps.logger.warn({ err: error }, 'readiness check threw');
      checks = { readiness: { ok: false, detail: 'readiness check failed' } };
    }
    const all = Object.values(checks);
    const status = all.some(blocks) ? 'unavailable' : all.every((c) => c.ok) ? 'ready' : 'degraded';
    res.status(status === 'unavailable' ? 503 : 200).json({ status, checks });
  });
}
