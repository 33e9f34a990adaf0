import { createLogger } from '@payout/adapters-http';
import { expect } from 'chai';
import type { Redis } from 'ioredis';
import { eventually } from '../e2e/support/eventually.js';
import {
  ANNOUNCE_INTERVAL_MS,
  EVENTS_DUE_CHANNEL,
  EventsDuePublisher,
  subscribeEventsDue,
} from './events-due-signal.js';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const logger = createLogger({ level: 'silent' });

describe('the events-due hint on Redis', () => {
  it('carries an API process’s announcements to a worker, one message for announcements close together', async () => {
    let hints = 0;
    const subscription = subscribeEventsDue(REDIS_URL, logger, () => {
      hints += 1;
    });
    await subscription.subscribed;
    const publisher = EventsDuePublisher.connect(REDIS_URL, logger);
    try {
      // Announcements made before the publisher's connection is up are dropped (a hint is worth nothing later).
      await eventually(
        'the worker told, once the publisher is connected',
        async () => {
          publisher.announce();
          return hints > 0 ? true : undefined;
        },
        5_000,
      );
      await new Promise((resolve) => setTimeout(resolve, 100));
      hints = 0;
      publisher.announce();
      await new Promise((resolve) => setTimeout(resolve, 5));
      publisher.announce();
      publisher.announce();
      await eventually('the worker told again', async () => (hints > 0 ? true : undefined), 5_000);
      await new Promise((resolve) => setTimeout(resolve, ANNOUNCE_INTERVAL_MS * 3));
      expect(hints, 'the first at once, the two within the interval after it in one more').to.equal(2);
    } finally {
      await publisher.close();
      await subscription.close();
    }
  });

  it('drops an announcement Redis refuses, without throwing into the caller', async () => {
    const publishes: string[] = [];
    const refusing = {
      publish: (channel: string) => {
        publishes.push(channel);
        return Promise.reject(new Error('Connection is closed.'));
      },
      quit: () => Promise.resolve('OK' as const),
    } as unknown as Redis;
    const publisher = new EventsDuePublisher(refusing);
    publisher.announce();
    await new Promise((resolve) => setImmediate(resolve));
    await new Promise((resolve) => setImmediate(resolve));
    expect(publishes).to.deep.equal([EVENTS_DUE_CHANNEL]);
    await publisher.close();
  });
});
