import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createHttpApp, createWithdrawalRateLimiter, JwtTokenVerifier } from '@payout/adapters-http';
import type { Container } from 'inversify';
import { Redis } from 'ioredis';
import type { AppConfig } from '../config/config.js';
import { buildContainer } from '../container/build-container.js';
import { type Resource, TOKENS } from '../container/tokens.js';
import type { Logger } from '../infrastructure/logger.js';

export interface RunningService {
  /** `http://host:port` when the API runs in this process. */
  readonly url: string | null;
  readonly container: Container;
  /** Graceful: stop accepting, finish in-flight requests and jobs, then close pools and servers. */
  stop(): Promise<void>;
}

function redisClient(config: AppConfig, logger: Logger): Redis | null {
  if (!config.redisUrl) return null;
  const redis = new Redis(config.redisUrl, {
    maxRetriesPerRequest: 1,
    enableOfflineQueue: false,
    lazyConnect: false,
  });
  // Errors are expected while Redis is down; the limiter falls back in process and logs once per outage.
  let down = false;
  redis.on('error', (error) => {
    if (!down) logger.warn({ err: error.message }, 'redis unreachable: rate limiting in process');
    down = true;
  });
  redis.on('ready', () => {
    down = false;
  });
  return redis;
}

const listen = (server: Server, port: number, host: string) =>
  new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });

/** Starts the API and/or the workers of one process, as PROCESS_ROLE says. */
export async function startService(config: AppConfig, logger: Logger): Promise<RunningService> {
  const container = await buildContainer(config, logger);
  const useCases = await container.getAsync(TOKENS.useCases);
  const resources = await container.getAsync<Resource[]>(TOKENS.resources);
  const redis = redisClient(config, logger);
  let server: Server | null = null;
  let url: string | null = null;
  if (config.role !== 'worker') {
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
    server = createServer(app);
    await listen(server, config.port, config.host);
    const address = server.address() as AddressInfo;
    const host = config.host === '0.0.0.0' ? 'localhost' : config.host;
    url = `http://${host}:${address.port}`;
  }
  const workers =
    config.role !== 'api'
      ? [
          await container.getAsync(TOKENS.worker),
          await container.getAsync(TOKENS.withdrawalWorker),
          await container.getAsync(TOKENS.webhookWorker),
        ]
      : [];
  for (const worker of workers) await worker.start();
  return {
    url,
    container,
    async stop() {
      if (server) {
        const closing = new Promise<void>((resolve) => server?.close(() => resolve()));
        server.closeIdleConnections();
        await closing;
      }
      await Promise.all(workers.map((worker) => worker.stop()));
      redis?.disconnect();
      for (const resource of resources) await resource.close();
    },
  };
}
