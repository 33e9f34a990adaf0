import type { RailSubmitResult } from '@payout/domain';

/**
 * A `Retry-After` header in whole seconds: a number of seconds, or an HTTP date read against our clock; `null`
 * when absent or unreadable.
 */
export function retryAfterHeaderSeconds(header: string | null, now: Date): number | null {
  const value = header?.trim();
  if (!value) return null;
  if (/^\d+$/.test(value)) return Number(value);
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, Math.ceil((at - now.getTime()) / 1000));
}

/**
 * An answer after which nothing was paid and a retry with the same key may work; when the provider said how long
 * to wait (`waitSeconds`), the detail says so and `retryAfterMs` holds the worker's next try back until then.
 */
export function unavailableFor(
  summary: string,
  waitSeconds: number | null,
): Extract<RailSubmitResult, { kind: 'UNAVAILABLE' }> {
  return waitSeconds === null
    ? { kind: 'UNAVAILABLE', detail: summary }
    : {
        kind: 'UNAVAILABLE',
        detail: `${summary}; retry after ${waitSeconds} s`,
        retryAfterMs: waitSeconds * 1000,
      };
}
