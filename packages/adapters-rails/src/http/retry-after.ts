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
