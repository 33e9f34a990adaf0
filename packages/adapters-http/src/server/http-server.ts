import type { Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { createHttpApp } from '../app/create-http-app.js';
import type { HttpUseCases } from '../app/http-app-deps.js';
import { JwtTokenVerifier, type JwtVerifierOptions } from '../auth/jwt-token-verifier.js';
import { logRedisOutages } from '../logging/redis-outages.js';
import type { PayoutMetrics } from '../ops/payout-metrics.js';
import { type CheckedResource, type ReadinessConfig, readinessChecks } from '../ops/readiness-checks.js';
import {
  createWithdrawalRateLimiter,
  RATE_LIMIT_REDIS_OPTIONS,
} from '../rate-limit/withdrawal-rate-limiter.js';
import { createApiServer, type HttpServerLimits } from './api-server.js';

/** The settings the API's server runs with (packages/app's configuration carries them). */
export interface HttpServerConfig extends ReadinessConfig {
  readonly port: number;
  readonly host: string;
  /** The rate limiter's store; null: it counts in process. */
  readonly redisUrl: string | null;
  readonly jwt: JwtVerifierOptions;
  readonly trustProxy: boolean | number | string;
  readonly http: HttpServerLimits;
  readonly withdrawalRateLimitPerMinute: number;
  /** SHUTDOWN_DRAIN_MS: how long a closing server serves on while `/readyz` says it is stopping. */
  readonly shutdownDrainMs: number;
}

export interface HttpServer {
  /** `http://host:port`. */
  readonly url: string;
  /**
   * Serves on for SHUTDOWN_DRAIN_MS, so that the load balancer stops sending while `/readyz` says 503, then stops
   * accepting, waits for the requests in flight, and lets Redis go.
   */
  close(): Promise<void>;
}

function redisClient(config: HttpServerConfig, logger: Logger): Redis | null {
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
  config: HttpServerConfig,
  logger: Logger,
  useCases: HttpUseCases,
  resources: readonly CheckedResource[],
  metrics: PayoutMetrics,
  stopping: () => boolean = () => false,
): Promise<HttpServer> {
  const redis = redisClient(config, logger);
  const app = createHttpApp({
    useCases,
    tokenVerifier: new JwtTokenVerifier(config.jwt),
    withdrawalRateLimiter: createWithdrawalRateLimiter({
      redis,
      pointsPerMinute: config.withdrawalRateLimitPerMinute,
      keyPrefix: 'payout:withdrawal-rate',
      onFallback: () => metrics.rateLimiterFallbacks.inc(),
    }),
    logger,
    trustProxy: config.trustProxy,
    readiness: readinessChecks(config, resources, () => redis?.status ?? null, stopping),
    metrics,
    bodyTimeoutMs: config.http.bodyTimeoutMs,
  });
  const server = createApiServer(app, config.http);
  let closing = false;
  const inFlight = new Set<ServerResponse>();
  // Once closing, an answer says `Connection: close`: a client that read keep-alive would send its next request on
  // a connection about to be closed, and could not tell whether that request was processed. The connection of a
  // request in flight at close() becomes idle when its response ends: it is ended then.
  const closeAfter = (res: ServerResponse) => {
    if (!res.headersSent) res.setHeader('Connection', 'close');
  };
  server.on('request', (_req, res) => {
    if (closing) closeAfter(res);
    inFlight.add(res);
    res.once('close', () => inFlight.delete(res));
    res.once('finish', () => closing && server.closeIdleConnections());
  });
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
      if (config.shutdownDrainMs > 0)
        await new Promise((resolve) => setTimeout(resolve, config.shutdownDrainMs));
      closing = true;
      for (const res of inFlight) closeAfter(res);
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      await closed;
      redis?.disconnect();
    },
  };
}
