/** Keys whose values never reach a log line, at whatever depth they appear. */
const SECRET_KEYS = new Set([
  'authorization',
  'cookie',
  'token',
  'secret',
  'secrets',
  'password',
  'accountNumber',
  'cardNumber',
  'routingNumber',
]);

export const CENSORED = '[REDACTED]';

/** How deep a logged object is searched: rail errors carry a provider's body, two or three levels down. */
const MAX_DEPTH = 5;

/** A shallow copy keeping the prototype, and an error's message and stack, which are not enumerable. */
function copyOf(value: object): Record<string, unknown> {
  const copy = Object.assign(Object.create(Object.getPrototypeOf(value) as object | null) as object, value);
  if (value instanceof Error) Object.assign(copy, { message: value.message, stack: value.stack });
  return copy as Record<string, unknown>;
}

/**
 * `value` with every SECRET_KEYS value censored, copied only where something is censored, so a line without
 * secrets (most of them) costs a look at its keys. It matches the keys anywhere instead of at the paths pino's
 * `redact` lists (docs/decisions/0016-log-secrets-censored-by-key-walk.md).
 */
export function redactSecrets<T>(value: T, depth = 0): T {
  if (value === null || typeof value !== 'object' || depth >= MAX_DEPTH) return value;
  if (Array.isArray(value)) {
    let out: unknown[] | undefined;
    value.forEach((item: unknown, index) => {
      const redacted = redactSecrets(item, depth + 1);
      if (redacted === item) return;
      out ??= [...value];
      out[index] = redacted;
    });
    return (out ?? value) as T;
  }
  let out: Record<string, unknown> | undefined;
  for (const [key, item] of Object.entries(value)) {
    const redacted = SECRET_KEYS.has(key) ? CENSORED : redactSecrets(item, depth + 1);
    if (redacted === item) continue;
    out ??= copyOf(value);
    out[key] = redacted;
  }
  return (out ?? value) as T;
}
