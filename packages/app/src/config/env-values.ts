export type Env = Readonly<Record<string, string | undefined>>;

/** The integer in `name`, `fallback` when unset; out of [min, max] is an error naming the variable. */
export function integer(
  env: Env,
  name: string,
  fallback: number,
  errors: string[],
  min = 0,
  max = 2 ** 31,
): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    errors.push(`${name} must be an integer from ${min} to ${max} (got "${raw}")`);
    return fallback;
  }
  return value;
}
