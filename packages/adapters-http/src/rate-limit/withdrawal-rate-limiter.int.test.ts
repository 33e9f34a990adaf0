import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import { expect } from 'chai';
import { Redis } from 'ioredis';
import { createWithdrawalRateLimiter, RATE_LIMIT_REDIS_OPTIONS } from './withdrawal-rate-limiter.js';

const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

async function freePort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  server.close();
  return port;
}

/** A throwaway redis-server this test may kill. */
async function spawnRedis(): Promise<{ port: number; process: ChildProcess }> {
  const port = await freePort();
  const child = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  await new Promise<void>((resolve, reject) => {
    child.once('error', reject);
    child.stdout?.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('Ready to accept connections')) resolve();
    });
  });
  return { port, process: child };
}

const redisOptions = { maxRetriesPerRequest: 1 } as const;

/** The limiter answers from its in-process insurance until the client is ready, so tests wait for it. */
async function ready(redis: Redis): Promise<Redis> {
  if (redis.status !== 'ready') await once(redis, 'ready');
  return redis;
}

describe('createWithdrawalRateLimiter on Redis', () => {
  const prefix = `rl-int-${process.pid}-${Date.now()}`;

  it('shares one count between two limiters (two API processes) on the same Redis', async () => {
    const a = await ready(new Redis(TEST_REDIS_URL, redisOptions));
    const b = await ready(new Redis(TEST_REDIS_URL, redisOptions));
    try {
      const first = createWithdrawalRateLimiter({ redis: a, pointsPerMinute: 1, keyPrefix: prefix });
      const second = createWithdrawalRateLimiter({ redis: b, pointsPerMinute: 1, keyPrefix: prefix });
      expect(await first.consume('withdrawal:e1:10.0.0.1')).to.deep.equal({
        allowed: true,
        retryAfterSeconds: 0,
      });
      const denied = await second.consume('withdrawal:e1:10.0.0.1');
      expect(denied.allowed).to.equal(false);
      expect(denied.retryAfterSeconds).to.be.within(1, 60);
      expect((await second.consume('withdrawal:e2:10.0.0.1')).allowed).to.equal(true);
    } finally {
      a.disconnect();
      b.disconnect();
    }
  });

  it("with the API's client options, sends the limits asked for together as one pipeline and counts each", async () => {
    const redis = await ready(new Redis(TEST_REDIS_URL, RATE_LIMIT_REDIS_OPTIONS));
    try {
      const limiter = createWithdrawalRateLimiter({ redis, pointsPerMinute: 1, keyPrefix: `${prefix}-auto` });
      const keys = ['a', 'b', 'a', 'c', 'b', 'a'].map((entity) => `withdrawal:${entity}:10.0.0.1`);
      const decisions = Promise.all(keys.map((key) => limiter.consume(key)));
      expect(redis.autoPipelineQueueSize).to.equal(keys.length);
      expect((await decisions).map((decision) => decision.allowed)).to.deep.equal([
        true,
        true,
        false,
        true,
        false,
        false,
      ]);
      expect(redis.autoPipelineQueueSize).to.equal(0);
    } finally {
      redis.disconnect();
    }
  });

  it('keeps answering, and still limits in process, when its Redis is stopped mid-test', async () => {
    const server = await spawnRedis();
    const redis = new Redis({ port: server.port, host: '127.0.0.1', ...RATE_LIMIT_REDIS_OPTIONS });
    redis.on('error', () => undefined);
    await ready(redis);
    try {
      const limiter = createWithdrawalRateLimiter({ redis, pointsPerMinute: 1, keyPrefix: prefix });
      expect((await limiter.consume('withdrawal:before:ip')).allowed).to.equal(true);
      expect((await limiter.consume('withdrawal:before:ip')).allowed).to.equal(false);
      server.process.kill('SIGKILL');
      await once(server.process, 'exit');
      const started = Date.now();
      const first = await limiter.consume('withdrawal:after:ip');
      const second = await limiter.consume('withdrawal:after:ip');
      expect(first).to.deep.equal({ allowed: true, retryAfterSeconds: 0 });
      expect(second.allowed).to.equal(false);
      expect(second.retryAfterSeconds).to.be.within(1, 60);
      expect((await limiter.consume('withdrawal:other:ip')).allowed).to.equal(true);
      expect(Date.now() - started).to.be.below(3000);
    } finally {
      redis.disconnect();
      if (server.process.exitCode === null) server.process.kill('SIGKILL');
    }
  });

  it('falls back to counting in process when a command hangs longer than the store timeout', async () => {
    const hanging = {
      status: 'ready',
      defineCommand: () => undefined,
      rlflxIncr: () => new Promise(() => undefined),
    };
    const limiter = createWithdrawalRateLimiter({
      redis: hanging as unknown as Redis,
      pointsPerMinute: 1,
      keyPrefix: prefix,
      storeTimeoutMs: 50,
    });
    expect((await limiter.consume('withdrawal:hang:ip')).allowed).to.equal(true);
    expect((await limiter.consume('withdrawal:hang:ip')).allowed).to.equal(false);
  });
});
