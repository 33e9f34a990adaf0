import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  answerClientErrors,
  createHttpApp,
  createWithdrawalRateLimiter,
  JwtTokenVerifier,
  RATE_LIMIT_REDIS_OPTIONS,
} from '@payout/adapters-http';
import { Redis } from 'ioredis';
import type { AppConfig } from '../config/config.js';
import type { Resource } from '../container/tokens.js';
import type { UseCases } from '../container/use-cases.js';
import type { Logger } from '../infrastructure/logger.js';
import { logRedisOutages } from '../infrastructure/redis-outages.js';

export interface HttpServer {
  /** `http://host:port`. */
  readonly url: string;
  /** Stops accepting, waits for the requests in flight, then lets Redis go. */
  close(): Promise<void>;
}

function redisClient(config: AppConfig, logger: Logger): Redis | null {
  if (!config.redisUrl) return null;
  const redis = new Redis(config.redisUrl, RATE_LIMIT_REDIS_OPTIONS);
  // While Redis is down the limiter falls back in process.
  logRedisOutages(redis, logger, 'rate limiting in process');
  return redis;
}

const listen = (server: Server, port: number, host: string) =>
  new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });

/**
 * The HTTP API on `config.port`, with its rate limiter on Redis (in process without REDIS_URL). Its own module,
 * imported only by processes that serve the API: a worker does not load Express, ajv and the routes.
 */
export async function startHttpServer(
  config: AppConfig,
  logger: Logger,
  useCases: UseCases,
  resources: readonly Resource[],
): Promise<HttpServer> {
  const redis = redisClient(config, logger);
  const app = createHttpApp({
    useCases,
    tokenVerifier: new JwtTokenVerifier(config.jwt),
    withdrawalRateLimiter: createWithdrawalRateLimiter({
      redis,
      pointsPerMinute: config.withdrawalRateLimitPerMinute,
      keyPrefix: 'payout:withdrawal-rate',
    }),
    logger,
    trustProxy: config.trustProxy,
    readiness: async () => {
      const report: Record<string, { ok: boolean; detail?: string }> = {};
      for (const resource of resources) {
        try {
          await resource.check();
          report[resource.name] = { ok: true };
        } catch (error) {
          report[resource.name] = { ok: false, detail: (error as Error).message };
        }
      }
      if (redis) report.redis = { ok: redis.status === 'ready', detail: redis.status };
      return report;
    },
  });
  const server = createServer(app);
  answerClientErrors(server);
  try {
    await listen(server, config.port, config.host);
  } catch (error) {
    redis?.disconnect();
    throw error;
  }
  const address = server.address() as AddressInfo;
  const host = config.host === '0.0.0.0' ? 'localhost' : config.host;
  return {
    url: `http://${host}:${address.port}`,
    async close() {
      const closing = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      await closing;
      redis?.disconnect();
    },
  };
}
