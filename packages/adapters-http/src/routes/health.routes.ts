import type { IRouter } from 'express';
import type { HttpAppDeps } from '../app/http-app-deps.js';

/** `/healthz`: the process answers. `/readyz`: every dependency answers, else 503 naming the one that failed. */
export function healthRoutes(router: IRouter, deps: HttpAppDeps): void {
  router.get('/healthz', (_req, res) => {
    res.json({ status: 'ok' });
  });
  router.get('/readyz', async (_req, res) => {
    let checks: Awaited<ReturnType<HttpAppDeps['readiness']>>;
    try {
      checks = await deps.readiness();
    } catch (error) {
      deps.logger.warn({ err: error }, 'readiness check threw');
      checks = { readiness: { ok: false, detail: 'readiness check failed' } };
    }
    const ready = Object.values(checks).every((c) => c.ok);
    res.status(ready ? 200 : 503).json({ status: ready ? 'ready' : 'unavailable', checks });
  });
}
