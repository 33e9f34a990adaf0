import { domainError, MESSAGES, WITHDRAWAL_RATE_LIMIT, withdrawalRateKey } from '@payout/domain';
import type { RequestHandler } from 'express';
import type { Redis, RedisOptions } from 'ioredis';
import {
  type RateLimiterAbstract,
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
} from 'rate-limiter-flexible';
import { principalOf } from '../auth/authenticate.middleware.js';
import { sendDomainError } from '../errors/response-envelope.js';

export interface RateLimitDecision {
  readonly allowed: boolean;
  /** Seconds until the key may try again; 0 when allowed. */
  readonly retryAfterSeconds: number;
}

/**
 * What the middleware asks: counts requests per key in a fixed window. Guarantees: `consume` counts every call,
 * allowed or not; it never rejects because its store is down (it falls back to counting in process).
 */
export interface RateLimiter {
  consume(key: string): Promise<RateLimitDecision>;
}

/**
 * Counts every authenticated withdrawal request on its key (WITHDRAWAL_RATE_LIMIT's rule) before validation, so a
 * burst of bad requests is limited too. The client IP is express's `req.ip`, which honours `trust proxy`.
 */
export function limitWithdrawals(limiter: RateLimiter): RequestHandler {
  return async (req, res, next) => {
    const decision = await limiter.consume(withdrawalRateKey(principalOf(res), req.ip));
    if (decision.allowed) return next();
    sendDomainError(
      res,
      domainError('RATE_LIMITED', MESSAGES.RATE_LIMITED, { retryAfterSeconds: decision.retryAfterSeconds }),
    );
  };
}

export interface WithdrawalRateLimiterOptions {
  /** Shared counting across processes; without it the limiter counts in process. */
  readonly redis?: Redis | null;
  /** Requests a window (WITHDRAWAL_RATE_LIMIT.windowSeconds, a minute) allows per key. */
  readonly pointsPerMinute: number;
  readonly keyPrefix: string;
  /** How long a Redis call may take before the in-process limiter answers instead. */
  readonly storeTimeoutMs?: number;
  /** Called each time the in-process limiter answers because Redis failed, was not ready or was slow. */
  readonly onFallback?: () => void;
}

/**
 * How an API process's Redis client for the limiter is set up. Auto-pipelining sends every command asked for in
 * one turn of the event loop (the limits of the requests that arrived together) as one write, answered by one
 * read: each Redis write costs the API's CPU (it wakes Redis on another core), so fewer, larger writes cost less. The
 * offline queue is off and one
 * retry is allowed, so a Redis outage reaches the in-process insurance limiter at once instead of queueing.
 */
export const RATE_LIMIT_REDIS_OPTIONS = {
  maxRetriesPerRequest: 1,
  enableOfflineQueue: false,
  lazyConnect: false,
  enableAutoPipelining: true,
} as const satisfies RedisOptions;

const decisionOf = (res: RateLimiterRes, allowed: boolean): RateLimitDecision => ({
  allowed,
  retryAfterSeconds: allowed ? 0 : Math.max(1, Math.ceil(res.msBeforeNext / 1000)),
});

/**
 * The RateLimiter port over rate-limiter-flexible. With Redis, an in-memory insurance limiter takes over
 * whenever Redis is not ready, fails or is slow, so a Redis outage never turns into a 500 (docs/product.md §5).
 */
class FlexibleRateLimiter implements RateLimiter {
  constructor(
    private readonly primary: RateLimiterAbstract,
    private readonly fallback: RateLimiterMemory,
    private readonly storeTimeoutMs: number,
  ) {}

  async consume(key: string): Promise<RateLimitDecision> {
    try {
      return decisionOf(await this.withTimeout(this.primary.consume(key)), true);
    } catch (rejection) {
      if (rejection instanceof RateLimiterRes) return decisionOf(rejection, false);
    }
    // A plain Error or a timeout: the store is unreachable, so count in process.
    try {
      return decisionOf(await this.fallback.consume(key), true);
    } catch (rejection) {
      if (rejection instanceof RateLimiterRes) return decisionOf(rejection, false);
      throw rejection;
    }
  }

  private withTimeout(pending: Promise<RateLimiterRes>): Promise<RateLimiterRes> {
    if (this.primary === this.fallback) return pending;
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('rate limit store timed out')), this.storeTimeoutMs);
    });
    pending.catch(() => undefined);
    return Promise.race([pending, timeout]).finally(() => clearTimeout(timer));
  }
}

/**
 * The in-process limiter behind Redis. Each of its decisions is a fallback, whether rate-limiter-flexible took it
 * (its insurance limiter) or FlexibleRateLimiter did (a timeout): counting its calls counts both.
 */
class FallbackMemory extends RateLimiterMemory {
  constructor(
    options: ConstructorParameters<typeof RateLimiterMemory>[0],
    private readonly onFallback: () => void,
  ) {
    super(options);
  }

  override consume(...args: Parameters<RateLimiterMemory['consume']>): Promise<RateLimiterRes> {
    this.onFallback();
    return super.consume(...args);
  }
}

export function createWithdrawalRateLimiter(options: WithdrawalRateLimiterOptions): RateLimiter {
  const common = {
    points: options.pointsPerMinute,
    duration: WITHDRAWAL_RATE_LIMIT.windowSeconds,
    keyPrefix: options.keyPrefix,
  };
  if (!options.redis) {
    const memory = new RateLimiterMemory(common);
    return new FlexibleRateLimiter(memory, memory, 0);
  }
  const memory = new FallbackMemory(common, options.onFallback ?? (() => {}));
  const redis = new RateLimiterRedis({
    ...common,
    storeClient: options.redis,
    insuranceLimiter: memory,
    rejectIfRedisNotReady: true,
  });
  return new FlexibleRateLimiter(redis, memory, options.storeTimeoutMs ?? 500);
}
