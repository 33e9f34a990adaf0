import { createLogger } from '@payout/adapters-http';
import { scratchDatabase } from '@payout/adapters-persistence/testing';
import { expect } from 'chai';
import { configFor } from '../config/config.fixture.js';
import { eventually } from '../e2e/support/eventually.js';
import { FakeIncrease } from '../e2e/support/fake-increase.server.js';
import { buildContainer } from './build-container.js';
import { DATABASE, type Database, PROVIDER_BALANCE_JOB } from './postgres.module.js';
import { TOKENS } from './tokens.js';

/** The value of `name{provider}` as the process's `/metrics` would show it, or undefined. */
async function gauge(
  metrics: { registry: { getSingleMetricAsString(name: string): Promise<string> } },
  name: string,
  provider: string,
) {
  const text = await metrics.registry.getSingleMetricAsString(name).catch(() => '');
  const line = text.split('\n').find((l) => l.startsWith(`${name}{provider="${provider}"}`));
  return line === undefined ? undefined : Number(line.split(' ').at(-1));
}

/**
 * A worker on PostgreSQL, as wired, with ACH on Increase (a local fake): it schedules the balance read by
 * PROVIDER_BALANCE_CRON, stores Increase's balance when the job comes, and exports it with the configured floor.
 */
describe("the scheduled read of the providers' balances on PostgreSQL, as wired", function () {
  this.timeout(30_000);

  it('reads the balance when its job comes and exports it, its read time and its floor', async () => {
    const database = await scratchDatabase('provider_balances_wiring');
    const increase = await FakeIncrease.start();
    increase.availableBalance = 123_456;
    const container = await buildContainer(
      configFor({
        APP_ENV: 'development',
        DATABASE_URL: database.url,
        RAILS: 'ACH=increase',
        INCREASE_API_KEY: 'secret_key_local_fake',
        INCREASE_BASE_URL: increase.url,
        INCREASE_ACCOUNT_ID: 'account_in71c4amph0vgo2qllky',
        PROVIDER_BALANCE_CRON: '*/5 * * * *',
        INCREASE_BALANCE_FLOOR: '5000',
      }),
      createLogger({ level: 'silent' }),
    );
    const { boss } = await container.getAsync<Database>(DATABASE);
    const worker = await container.getAsync(TOKENS.worker);
    try {
      // An occurrence's job waiting when the worker starts: its first fetch takes it.
      await boss.createQueue(PROVIDER_BALANCE_JOB);
      await boss.send(PROVIDER_BALANCE_JOB);
      await worker.start();
      const schedules = await boss.getSchedules(PROVIDER_BALANCE_JOB);
      expect(schedules.map((s) => [s.cron, s.timezone])).to.deep.equal([['*/5 * * * *', 'UTC']]);
      const metrics = container.get(TOKENS.metrics);
      const balance = await eventually(
        'the balance read by the worker',
        () => gauge(metrics, 'payout_provider_balance', 'increase'),
        10_000,
      );
      expect(balance).to.equal(1234.56);
      expect(await gauge(metrics, 'payout_provider_balance_floor', 'increase')).to.equal(5000);
      const readAt = await gauge(metrics, 'payout_provider_balance_read_timestamp_seconds', 'increase');
      expect(readAt).to.be.closeTo(Date.now() / 1000, 60);
    } finally {
      await worker.stop();
      for (const resource of await container.getAsync(TOKENS.resources)) await resource.close();
      await increase.close();
      await database.drop();
    }
  });
});
