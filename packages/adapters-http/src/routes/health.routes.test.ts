import { expect } from 'chai';
import type { ReadinessReport } from '../app/http-app-deps.js';
import { inMemoryHttpDeps, startHttpApp } from '../testing/in-memory-http.harness.js';

async function readyz(report: ReadinessReport): Promise<{ status: number; body: Record<string, unknown> }> {
  const app = await startHttpApp(inMemoryHttpDeps({ readiness: async () => report }));
  try {
    const res = await fetch(`${app.baseUrl}/readyz`);
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  } finally {
    await app.close();
  }
}

describe('/readyz', () => {
  it('stays 200, degraded, naming Redis, while only Redis (which the API serves without) is down', async () => {
    const redis = { ok: false, detail: 'reconnecting', required: false };
    const { status, body } = await readyz({ postgres: { ok: true }, redis });
    expect(status).to.equal(200);
    expect(body).to.deep.equal({ status: 'degraded', checks: { postgres: { ok: true }, redis } });
  });

  it('is 503 when PostgreSQL is down, whatever else answers', async () => {
    const { status, body } = await readyz({
      postgres: { ok: false, detail: 'ECONNREFUSED' },
      redis: { ok: true, required: false },
    });
    expect(status).to.equal(503);
    expect(body.status).to.equal('unavailable');
  });

  it('is 200 and ready when everything answers', async () => {
    const { status, body } = await readyz({ postgres: { ok: true }, jobQueue: { ok: true } });
    expect([status, body.status]).to.deep.equal([200, 'ready']);
  });
});
