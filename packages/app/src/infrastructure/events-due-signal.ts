import { logRedisOutages } from '@payout/adapters-http/logging';
import { Redis } from 'ioredis';
import type { Logger } from './logger.js';

/** The Redis channel on which API processes tell worker processes that webhook events were committed due. */
export const EVENTS_DUE_CHANNEL = 'payout:webhook-events-due';

/** Fail fast rather than queue while Redis is away: a hint that cannot go now is worth nothing later. */
const PUBLISHER_OPTIONS = { maxRetriesPerRequest: 1, enableOfflineQueue: false, lazyConnect: false } as const;

/**
 * Announcements closer together than this share one message. A worker busy enough to miss a hint claims again as
 * its deliveries end; the hint is for an idle one, which it spares a wait of up to idleMs. Under load one
 * message per turn of the event loop would be a Redis write for every few withdrawals.
 */
export const ANNOUNCE_INTERVAL_MS = 25;

/**
 * The API side: `announce()` after a commit that stored new events; at most one message per ANNOUNCE_INTERVAL_MS,
 * the first at once. A publish that fails is dropped: the workers' next look (every idleMs while idle) finds the
 * events anyway.
 */
export class EventsDuePublisher {
  private pending = false;
  private last = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly redis: Pick<Redis, 'publish' | 'quit'>,
    private readonly intervalMs = ANNOUNCE_INTERVAL_MS,
  ) {}

  static connect(url: string, logger: Logger): EventsDuePublisher {
    const redis = new Redis(url, PUBLISHER_OPTIONS);
    logRedisOutages(redis, logger, 'webhook hints to the workers are off until it is back');
    return new EventsDuePublisher(redis);
  }

  readonly announce = (): void => {
    if (this.pending) return;
    this.pending = true;
    const publish = () => {
      this.pending = false;
      this.last = Date.now();
      this.redis.publish(EVENTS_DUE_CHANNEL, '1').catch(() => undefined);
    };
    const wait = this.last + this.intervalMs - Date.now();
    if (wait > 0) setTimeout(publish, wait).unref();
    else setImmediate(publish);
  };

  async close(): Promise<void> {
    await this.redis.quit().catch(() => undefined);
  }
}

/**
 * The worker side: `onDue` for every hint, on a connection of its own (a subscribed connection does nothing else).
 * It never waits for Redis: the subscription is made when Redis answers, and made again after every reconnection
 * (ioredis's autoResubscribe); `subscribed` settles when the first one is in place.
 */
export function subscribeEventsDue(
  url: string,
  logger: Logger,
  onDue: () => void,
): { readonly subscribed: Promise<void>; status(): string; close(): Promise<void> } {
  const redis = new Redis(url, { maxRetriesPerRequest: null });
  logRedisOutages(redis, logger, 'workers look for new webhook events every idle interval only');
  redis.on('message', (channel: string) => {
    if (channel === EVENTS_DUE_CHANNEL) onDue();
  });
  const subscribed = redis.subscribe(EVENTS_DUE_CHANNEL).then(
    () => undefined,
    () => undefined,
  );
  return {
    subscribed,
    /** The connection's state as ioredis names it (`ready` when subscribed), for readiness. */
    status: () => redis.status,
    close: async () => {
      // QUIT waits for a connection: while Redis is down it would wait out the shutdown deadline.
      if (redis.status !== 'ready') return redis.disconnect();
      await redis.quit().catch(() => undefined);
    },
  };
}
