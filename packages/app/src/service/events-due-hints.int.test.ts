import { createLogger } from '@payout/adapters-http';
import { JsonNumber } from '@payout/domain';
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
const configOf = (role: string) => configFor({ APP_ENV: 'test', PROCESS_ROLE: role, REDIS_URL });

/** A process of `role` (in memory) with its hints started, and a listener on the hints' channel. */
async function processWithHints(role: string) {
  const container = await buildContainer(configOf(role), logger);
  const listener = new Redis(REDIS_URL);
  const hints: string[] = [];
  listener.on('message', (channel: string) => hints.push(channel));
  await listener.subscribe(EVENTS_DUE_CHANNEL);
  const stopHints = await startEventsDueHints(configOf(role), logger, container);
  const withdraw = async () => {
    const unitOfWork = await container.getAsync(TOKENS.unitOfWork);
    const { requestWithdrawal } = await container.getAsync(TOKENS.useCases);
    const customer = await seedCustomer(unitOfWork, container.get(TOKENS.ids), new Date());
    const receipt = await requestWithdrawal.execute(customer.principal, {
      currency: 'USD',
      linkedAccountId: customer.accountId,
      body: { amount: JsonNumber.of('25'), walletType: 'SPEND' },
    });
    if (!receipt.ok) throw new Error(`withdrawal refused: ${JSON.stringify(receipt.error)}`);
  };
  const stop = async () => {
    await stopHints();
    await listener.quit();
  };
  return { container, hints, withdraw, stop };
}

describe('the events-due hints as a process starts them', () => {
  it('in an API process, a withdrawal’s commit publishes a hint for the workers', async () => {
    const api = await processWithHints('api');
    try {
      await eventually(
        'a hint after a withdrawal committed (the publisher connects first)',
        async () => {
          await api.withdraw();
          await new Promise((resolve) => setTimeout(resolve, 50));
          return api.hints.length > 0 ? api.hints : undefined;
        },
        5_000,
      );
      expect(api.hints[0]).to.equal(EVENTS_DUE_CHANNEL);
    } finally {
      await api.stop();
    }
  });

  it('in a worker process, a hint makes the webhook delivery look now', async () => {
    const container = await buildContainer(configOf('worker'), logger);
    const webhooks = await container.getAsync(TOKENS.webhookWorker);
    let looks = 0;
    webhooks.lookNow = () => {
      looks += 1;
    };
    const publisher = new Redis(REDIS_URL);
    const stop = await startEventsDueHints(configOf('worker'), logger, container);
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
    const both = await processWithHints('all');
    try {
      await both.withdraw();
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(both.hints).to.deep.equal([]);
    } finally {
      await both.stop();
    }
  });
});
