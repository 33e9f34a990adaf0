import { expect } from 'chai';
import { startApiService } from './api-service.fixture.js';

/**
 * A stopping API with SHUTDOWN_DRAIN_MS: from the first moment its readiness answers 503 so that a load balancer
 * takes it out of rotation, while what still reaches it is served; only then does it stop listening.
 */
describe('an API stopping with a drain period, on PostgreSQL', function () {
  this.timeout(30_000);

  it('answers /readyz 503 "stopping" and keeps serving until the drain ends, then closes', async () => {
    const fixture = await startApiService('shutdown_drain', { SHUTDOWN_DRAIN_MS: '1000' });
    const url = fixture.service.url as string;
    const { entity } = await fixture.api.payer('bank', '10.00');
    const ready = await fetch(`${url}/readyz`);
    expect([ready.status, ((await ready.json()) as { status: string }).status]).to.deep.equal([200, 'ready']);

    const stopped = fixture.stop();
    const draining = await fetch(`${url}/readyz`);
    const body = (await draining.json()) as { status: string; checks: Record<string, unknown> };
    expect([draining.status, body.status]).to.deep.equal([503, 'unavailable']);
    expect(body.checks.shutdown).to.deep.equal({ ok: false, detail: 'stopping', required: true });
    const lookup = await fetch(`${url}/v1/wallets/${entity.walletId}`, {
      headers: { authorization: `Bearer ${entity.token}` },
    });
    expect(lookup.status, 'still served while draining').to.equal(200);

    await stopped;
    const refused = await fetch(`${url}/healthz`).then(
      () => 'answered',
      () => 'refused',
    );
    expect(refused).to.equal('refused');
  });
});
