import { createLogger } from '@payout/adapters-http';
import { seedCustomer } from '@payout/domain/testing';
import { expect } from 'chai';
import { Redis } from 'ioredis';
import { configFor } from '../config/config.fixture.js';
import { buildContainer } from '../container/build-container.js';
import { TOKENS } from '../container/tokens.js';
import { eventually } from '../e2e/support/eventually.js';
import { EVENTS_DUE_CHANNEL } from '../infrastructure/events-due-signal.js';
import { startEventsDueHints } from './events-due-hints.js';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const logger = createLogger({ level: 'silent' });
const containerFor = (role: string) =>
  buildContainer(configFor({ APP_ENV: 'test', PROCESS_ROLE: role, REDIS_URL }), logger);

describe('the events-due hints as a process starts them', () => {
  it('in an API process, a withdrawal’s commit publishes a hint for the workers', async () => {
    const container = await containerFor('api');
    const listener = new Redis(REDIS_URL);
    const hints: string[] = [];
    listener.on('message', (channel: string) => hints.push(channel));
    await listener.subscribe(EVENTS_DUE_CHANNEL);
    const stop = await startEventsDueHints(
      configFor({ APP_ENV: 'test', PROCESS_ROLE: 'api', REDIS_URL }),
      logger,
      container,
    );
    try {
      const unitOfWork = await container.getAsync(TOKENS.unitOfWork);
      const { requestWithdrawal } = await container.getAsync(TOKENS.useCases);
      await eventually(
        'a hint after a withdrawal committed (the publisher connects first)',
        async () => {
          const customer = await seedCustomer(unitOfWork, container.get(TOKENS.ids), new Date());
          const receipt = await requestWithdrawal.execute(customer.principal, {
            currency: 'USD',
            linkedAccountId: customer.accountId,
            body: { amount: 25, walletType: 'SPEND' },
          });
          if (!receipt.ok) throw new Error(`withdrawal refused: ${JSON.stringify(receipt.error)}`);
          await new Promise((resolve) => setTimeout(resolve, 50));
          return hints.length > 0 ? hints : undefined;
        },
        5_000,
      );
      expect(hints[0]).to.equal(EVENTS_DUE_CHANNEL);
    } finally {
      await stop();
      await listener.quit();
    }
  });

  it('in a worker process, a hint makes the webhook delivery look now', async () => {
    const container = await containerFor('worker');
    const webhooks = await container.getAsync(TOKENS.webhookWorker);
    let looks = 0;
    webhooks.lookNow = () => {
      looks += 1;
    };
    const publisher = new Redis(REDIS_URL);
    const stop = await startEventsDueHints(
      configFor({ APP_ENV: 'test', PROCESS_ROLE: 'worker', REDIS_URL }),
      logger,
      container,
    );
    try {
      await eventually(
        'the delivery told to look (the subscription is made first)',
        async () => {
          await publisher.publish(EVENTS_DUE_CHANNEL, '1');
          await new Promise((resolve) => setTimeout(resolve, 20));
          return looks > 0 ? true : undefined;
        },
        5_000,
      );
    } finally {
      await stop();
      await publisher.quit();
    }
  });

  it('in a process running both, starts nothing (it hands its events over itself)', async () => {
    const container = await containerFor('all');
    const listener = new Redis(REDIS_URL);
    const hints: string[] = [];
    listener.on('message', (channel: string) => hints.push(channel));
    await listener.subscribe(EVENTS_DUE_CHANNEL);
    const stop = await startEventsDueHints(
      configFor({ APP_ENV: 'test', PROCESS_ROLE: 'all', REDIS_URL }),
      logger,
      container,
    );
    try {
      const unitOfWork = await container.getAsync(TOKENS.unitOfWork);
      const { requestWithdrawal } = await container.getAsync(TOKENS.useCases);
      const customer = await seedCustomer(unitOfWork, container.get(TOKENS.ids), new Date());
      const receipt = await requestWithdrawal.execute(customer.principal, {
        currency: 'USD',
        linkedAccountId: customer.accountId,
        body: { amount: 25, walletType: 'SPEND' },
      });
      expect(receipt.ok).to.equal(true);
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(hints).to.deep.equal([]);
    } finally {
      await stop();
      await listener.quit();
    }
  });
});
