import type { Redis } from 'ioredis';
import type { Logger } from 'pino';

/**
 * Logs the first error of each Redis outage only, saying what it costs (`what`): errors are expected while Redis
 * is down, and ioredis reconnects by itself.
 */
export function logRedisOutages(redis: Redis, logger: Logger, what: string): void {
  let down = false;
  redis.on('error', (error: Error) => {
    if (!down) logger.warn({ err: error.message }, `redis unreachable: ${what}`);
    down = true;
  });
  redis.on('ready', () => {
    down = false;
  });
}
