export interface RateLimitDecision {
  readonly allowed: boolean;
  /** Seconds until the key may try again; 0 when allowed. */
  readonly retryAfterSeconds: number;
}

/**
 * Counts requests per key in a fixed window. Guarantees: `consume` counts every call, allowed or not; it never
 * rejects because its store is down (it falls back to counting in process).
 */
export interface RateLimiter {
  consume(key: string): Promise<RateLimitDecision>;
}
