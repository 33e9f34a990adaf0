import { expect } from 'chai';
import type { Redis } from 'ioredis';
import { createWithdrawalRateLimiter } from './withdrawal-rate-limiter.js';

describe('createWithdrawalRateLimiter', () => {
  it('counts per key in process without Redis', async () => {
    const limiter = createWithdrawalRateLimiter({ pointsPerMinute: 2, keyPrefix: 'unit' });
    expect((await limiter.consume('k')).allowed).to.equal(true);
    expect((await limiter.consume('k')).allowed).to.equal(true);
    const third = await limiter.consume('k');
    expect(third.allowed).to.equal(false);
    expect(third.retryAfterSeconds).to.be.within(59, 60);
    expect((await limiter.consume('other')).allowed).to.equal(true);
  });

  it('never rejects when the Redis client fails with a plain Error', async () => {
    const broken = {
      status: 'ready',
      defineCommand: () => undefined,
      rlflxIncr: () => Promise.reject(new Error('ECONNREFUSED')),
    };
    const limiter = createWithdrawalRateLimiter({
      redis: broken as unknown as Redis,
      pointsPerMinute: 1,
      keyPrefix: 'u2',
    });
    expect((await limiter.consume('k')).allowed).to.equal(true);
    expect((await limiter.consume('k')).allowed).to.equal(false);
  });

  it('reports each decision taken in process while Redis fails, and none while it answers', async () => {
    let failing = true;
    let count = 0;
    const flaky = {
      status: 'ready',
      defineCommand: () => undefined,
      rlflxIncr: () => (failing ? Promise.reject(new Error('ECONNREFUSED')) : Promise.resolve([1, 60_000])),
    };
    let fallbacks = 0;
    const limiter = createWithdrawalRateLimiter({
      redis: flaky as unknown as Redis,
      pointsPerMinute: 5,
      keyPrefix: 'u3',
      onFallback: () => {
        fallbacks += 1;
      },
    });
    await limiter.consume('k');
    await limiter.consume('k');
    expect(fallbacks).to.equal(2);
    failing = false;
    count = (await limiter.consume('k')).allowed ? 1 : 0;
    expect(count).to.equal(1);
    expect(fallbacks).to.equal(2);
  });
});
