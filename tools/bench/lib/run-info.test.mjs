import { expect } from 'chai';
import { nodeFlagsLine, serviceSettings } from './run-info.mjs';

describe('bench run description', () => {
  it('reports what the service reads from the environment it is started with, defaults included', () => {
    expect(serviceSettings({})).to.deep.include({
      logLevel: 'info',
      withdrawalRateLimitPerMinute: 1,
      railDelays: 'defaults (ACH 5 s)',
    });
    expect(
      serviceSettings({ WORKER_CONCURRENCY: '6', LOG_LEVEL: 'warn', RAIL_DELAYS_MS: 'ACH=100' }),
    ).to.deep.include({
      workerConcurrency: '6 (48 withdrawal checks in flight)',
      logLevel: 'warn',
      railDelays: 'ACH=100',
    });
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
