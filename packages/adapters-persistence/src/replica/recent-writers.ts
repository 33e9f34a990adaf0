import type { Redis } from 'ioredis';

/**
 * Who wrote lately, as every process sees it: the read-your-writes side of a read replica. A reader that wrote
 * within the window is read from the primary.
 */
export interface RecentWriters {
  /** Notes that `key` wrote now, for the window; rejects when the note may not have been kept. */
  record(key: string): Promise<void>;
  /** Whether `key` wrote within the window; true too whenever the answer is not known (the store is away). */
  wroteRecently(key: string): Promise<boolean>;
}

export interface RedisRecentWritersOptions {
  readonly redis: Redis;
  /** How long a write is remembered: the staleness bound of replica reads. */
  readonly windowMs: number;
  readonly keyPrefix?: string;
  /** How long a reader waits for Redis before it reads from the primary. */
  readonly answerWithinMs?: number;
}

/** `answer`, or 'late' once `ms` have passed without it. */
async function within<T>(answer: Promise<T>, ms: number): Promise<T | 'late'> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<'late'>((resolve) => {
    timer = setTimeout(() => resolve('late'), ms);
  });
  try {
    return await Promise.race([answer, late]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * RecentWriters on Redis: one key per writer that expires with the window (Redis's own clock measures it, so the
 * processes' clocks never meet). A Redis that lost its keys (restarted without persistence, flushed) could forget a
 * recent write: the `live` key, kept without expiry, is missing then, and every reader goes to the primary for a
 * whole window (`warming`) before any key's absence is trusted again. Evicting keys (a `maxmemory-policy` other than
 * `noeviction`) would lose writes the same way without that sign: docs/deploying.md.
 */
export class RedisRecentWriters implements RecentWriters {
  private readonly live: string;
  private readonly warming: string;
  private readonly prefix: string;

  constructor(private readonly options: RedisRecentWritersOptions) {
    const root = options.keyPrefix ?? 'payout:recent-writes';
    this.live = `${root}:live`;
    this.warming = `${root}:warming`;
    this.prefix = `${root}:by:`;
  }

  async record(key: string): Promise<void> {
    await this.options.redis.set(this.prefix + key, '1', 'PX', this.options.windowMs);
  }

  async wroteRecently(key: string): Promise<boolean> {
    const { redis, answerWithinMs = 100, windowMs } = this.options;
    if (redis.status !== 'ready') return true;
    try {
      const answer = await within(redis.mget(this.live, this.warming, this.prefix + key), answerWithinMs);
      if (answer === 'late') return true;
      const [live, warming, wrote] = answer;
      if (live === null)
        // `warming` first, in one transaction: no reader may see `live` without it.
        await redis.multi().set(this.warming, '1', 'PX', windowMs, 'NX').set(this.live, '1', 'NX').exec();
      return live === null || warming !== null || wrote !== null;
    } catch {
      return true;
    }
  }
}
