import { type ConfigEnv, type NameOfKind, variable } from './variables.js';

export type Env = ConfigEnv;

/**
 * The integer `name`, its default and bounds as declared (variables.ts); `computed` gives those another variable
 * decides (a fallback or a maximum).
 */
export function integer(
  env: Env,
  name: NameOfKind<'integer'>,
  errors: string[],
  computed: { fallback?: number; max?: number } = {},
): number {
  const declared: { fallback?: number; min: number; max: number } = variable(name);
  const fallback = computed.fallback ?? declared.fallback;
  if (fallback === undefined) throw new Error(`${name} has no declared default: the parser must compute one`);
  const { min } = declared;
  const max = computed.max ?? declared.max;
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    errors.push(`${name} must be an integer from ${min} to ${max} (got "${raw}")`);
    return fallback;
  }
  return value;
}
