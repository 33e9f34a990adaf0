import { expect } from 'chai';
import { nodeFlagsLine, serviceSettings } from './run-info.mjs';

describe('bench run description', () => {
  it('reports the concurrency and pool the service reads from the environment it is started with', () => {
    expect(
      serviceSettings({ WORKER_CONCURRENCY: '6', WEBHOOK_CONCURRENCY: '40', DATABASE_POOL_MAX: '12' }),
    ).to.deep.equal({
      workerConcurrency: '6 (48 withdrawal checks in flight per worker)',
      webhookConcurrency: 40,
      webhookConcurrencyPerMerchant: '20 (the bench has one merchant: its deliveries in flight per worker)',
      webhookConnectionsPerEndpoint: 'no cap',
      databasePoolMax: 12,
    });
    expect(
      serviceSettings({ WEBHOOK_CONNECTIONS_PER_ENDPOINT: '64' }).webhookConnectionsPerEndpoint,
    ).to.equal(64);
    expect(serviceSettings({ WORKER_CONCURRENCY: 'many' }).serviceConfig).to.match(/WORKER_CONCURRENCY/);
  });

  it("names the service's Node flags once when both processes share them, else per process", () => {
    const semi = ['--max-semi-space-size=8'];
    expect(nodeFlagsLine({ api: semi, worker: semi })).to.equal('--max-semi-space-size=8');
    expect(nodeFlagsLine({ api: [...semi, '--heap-growing-percent=100'], worker: semi })).to.equal(
      'API --max-semi-space-size=8 --heap-growing-percent=100; worker --max-semi-space-size=8',
    );
    expect(nodeFlagsLine({ api: [], worker: [] })).to.equal('none');
  });
});
