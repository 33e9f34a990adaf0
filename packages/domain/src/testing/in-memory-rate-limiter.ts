import { WITHDRAWAL_RATE_LIMIT } from '../policy/withdrawal-rate-limit.js';
import type { Clock } from '../ports/clock.port.js';
import type { RateLimitDecision, RateLimiter } from '../ports/rate-limiter.port.js';

/** Fixed-window counting on the injected clock. */
export class InMemoryRateLimiter implements RateLimiter {
  private readonly windows = new Map<string, { startedAt: number; count: number }>();

  constructor(
    private readonly clock: Clock,
    private readonly points: number = WITHDRAWAL_RATE_LIMIT.defaultPerWindow,
    private readonly windowSeconds: number = WITHDRAWAL_RATE_LIMIT.windowSeconds,
  ) {}

  async consume(key: string): Promise<RateLimitDecision> {
    const now = this.clock.now().getTime();
    const windowMs = this.windowSeconds * 1000;
    let window = this.windows.get(key);
    if (!window || now - window.startedAt >= windowMs) {
      window = { startedAt: now, count: 0 };
      this.windows.set(key, window);
    }
    window.count += 1;
    if (window.count <= this.points) return { allowed: true, retryAfterSeconds: 0 };
    return { allowed: false, retryAfterSeconds: Math.ceil((window.startedAt + windowMs - now) / 1000) };
  }
}
