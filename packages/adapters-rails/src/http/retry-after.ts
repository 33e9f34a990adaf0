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
 * A status read the provider did not answer with the payout (a 404, a 5xx, a 429): unavailable, held back by the
 * provider's `Retry-After` when a 429 or 503 gave one.
 */
export function unansweredRead(
  provider: string,
  response: { readonly status: number; readonly retryAfter?: string | null },
  path: string,
  now: Date,
): Extract<RailSubmitResult, { kind: 'UNAVAILABLE' }> {
  const limited = response.status === 429 || response.status === 503;
  return unavailableFor(
    `${provider} answered ${response.status} for ${path}`,
    limited ? retryAfterHeaderSeconds(response.retryAfter ?? null, now) : null,
  );
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
