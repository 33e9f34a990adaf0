import type { Logger } from '@payout/adapters-http/logging';
import { logRedisOutages } from '@payout/adapters-http/logging';
import type { PayoutMetrics } from '@payout/adapters-http/ops';
import { createKnex, ReadReplica, RedisRecentWriters, ReplicaFreshness } from '@payout/adapters-persistence';
import { Redis, type RedisOptions } from 'ioredis';
import type { Knex } from 'knex';
import type { AppConfig } from '../config/config.js';

/** The read replica of an API process, with its proof of freshness and its notes of who wrote. */
export interface OpenReadReplica {
  readonly replica: ReadReplica;
  /** Rejects while the replica is not known to be within the bound (reads go to the primary meanwhile). */
  check(): Promise<void>;
  close(): Promise<void>;
}

/** Looks at the replica's position this many times per bound, so a proof is rarely older than a quarter of it. */
const LOOKS_PER_BOUND = 4;

/**
 * The notes of who wrote: a command waits for a reconnecting Redis (the offline queue) at most a second, so a
 * write's note survives a blip; a reader does not wait for one that is not ready (RedisRecentWriters).
 */
const NOTES_REDIS_OPTIONS = {
  maxRetriesPerRequest: 1,
  commandTimeout: 1000,
  enableAutoPipelining: true,
} as const satisfies RedisOptions;

/** DATABASE_READ_URL for the processes that serve the API (workers read nothing a principal asked for); else null. */
export function openReadReplica(
  config: AppConfig,
  primary: Knex,
  logger: Logger,
  log: Knex.Logger,
  metrics: PayoutMetrics,
): OpenReadReplica | null {
  if (!config.databaseReadUrl || !config.redisUrl || config.role === 'worker') return null;
  const bound = config.databaseReadMaxLagMs;
  const knex = createKnex(config.databaseReadUrl, config.databasePoolMax, log, bound);
  const freshness = new ReplicaFreshness({
    primary,
    replica: knex,
    timeoutMs: bound,
    onChange: (failure) =>
      failure
        ? logger.warn({ err: failure.message }, 'read replica unusable: its reads go to the primary')
        : logger.info('read replica usable again'),
  });
  const redis = new Redis(config.redisUrl, NOTES_REDIS_OPTIONS);
  logRedisOutages(redis, logger, 'reads that a replica could serve go to the primary');
  const replica = new ReadReplica({
    knex,
    freshness,
    writers: new RedisRecentWriters({ redis, windowMs: bound }),
    boundMs: bound,
    onRoute: (route) => metrics.readRoutes.inc({ route }),
    onUnrecorded: (error) =>
      logger.warn(
        { err: error.message },
        'a write could not be noted in Redis: its writer may read a replica behind it for DATABASE_READ_MAX_LAG_MS',
      ),
  });
  metrics.observeReplicaLag(() => freshness.behindMs() / 1000);
  freshness.start(Math.max(25, Math.floor(bound / LOOKS_PER_BOUND)));
  return {
    replica,
    check: async () => {
      if (freshness.behindMs() > bound)
        throw new Error(`not known to be within ${bound} ms of the primary: its reads go to the primary`);
    },
    close: async () => {
      await freshness.stop();
      redis.disconnect();
      await knex.destroy();
    },
  };
}
