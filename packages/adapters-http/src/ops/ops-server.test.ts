import { expect } from 'chai';
import { createLogger } from '../logging/logger.js';
import { type OpsServer, startOpsServer } from './ops-server.js';
import { PayoutMetrics } from './payout-metrics.js';
import type { ReadinessReport } from './readiness.js';

describe('the ops server (a worker’s own port)', () => {
  let server: OpsServer | null = null;
  let report: ReadinessReport = {};
  const metrics = new PayoutMetrics();
  const start = async () => {
    server = await startOpsServer({
      port: 0,
      host: '127.0.0.1',
      metrics,
      readiness: async () => report,
      logger: createLogger({ level: 'silent' }),
    });
    return server.url;
  };
  afterEach(async () => {
    await server?.close();
    server = null;
  });

  it('answers /healthz, and /readyz 503 naming what is down when PostgreSQL or the job queue is', async () => {
    const url = await start();
    expect((await fetch(`${url}/healthz`)).status).to.equal(200);
    report = {
      postgres: { ok: true, required: true },
      jobQueue: { ok: false, detail: 'down', required: true },
    };
    const down = await fetch(`${url}/readyz`);
    expect(down.status).to.equal(503);
    expect(await down.json()).to.deep.equal({ status: 'unavailable', checks: report });
  });

  it('answers /readyz 200 degraded when only Redis is down', async () => {
    const url = await start();
    report = {
      postgres: { ok: true, required: true },
      redis: { ok: false, detail: 'reconnecting', required: false },
    };
    const degraded = await fetch(`${url}/readyz`);
    expect(degraded.status).to.equal(200);
    expect(((await degraded.json()) as { status: string }).status).to.equal('degraded');
  });

  it('serves the metrics in Prometheus text, and 404 elsewhere', async () => {
    const url = await start();
    metrics.rateLimiterFallbacks.inc();
    const scrape = await fetch(`${url}/metrics`);
    expect(scrape.status).to.equal(200);
    expect(scrape.headers.get('content-type')).to.match(/^text\/plain; version=0\.0\.4/);
    expect(await scrape.text()).to.match(/^payout_rate_limiter_fallbacks_total 1$/m);
    expect((await fetch(`${url}/nothing`)).status).to.equal(404);
  });
});
