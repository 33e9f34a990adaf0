import { createLogger } from '@payout/adapters-http';
import { HARNESS_JWT, httpApiSuite, mintHarnessToken } from '@payout/adapters-http/testing';
import { scratchDatabase } from '@payout/adapters-persistence/testing';
import { startService } from '../bin/start-service.js';
import { loadConfig } from '../config/config.js';

/**
 * The same HTTP behaviour suite the adapter runs in memory, here against the fully wired service: Inversify
 * container, Knex on a fresh PostgreSQL database, pg-boss workers, Redis rate limiting, simulated rails.
 */
httpApiSuite(async () => {
  const database = await scratchDatabase('wired_http');
  const result = loadConfig({
    APP_ENV: 'development',
    DATABASE_URL: database.url,
    REDIS_URL: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379',
    PORT: '0',
    HOST: '127.0.0.1',
    JWT_SECRET: HARNESS_JWT.secret,
    JWT_ISSUER: HARNESS_JWT.issuer,
    JWT_AUDIENCE: HARNESS_JWT.audience,
    RAIL_DELAYS_MS: 'ACH=200,RTP=100,WIRE=100,SWIFT=200,ZELLE=100,PAYPAL=100,VENMO=100',
    LOG_LEVEL: 'silent',
  });
  if (!result.ok) throw new Error(result.errors.join('; '));
  const service = await startService(result.config, createLogger({ level: 'silent' }));
  return {
    baseUrl: service.url as string,
    mintToken: (claims, options) => mintHarnessToken(claims, options),
    close: async () => {
      await service.stop();
      await database.drop();
    },
  };
}, 'HTTP API on the wired service (PostgreSQL, pg-boss, Redis)');
