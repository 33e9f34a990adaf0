import { JsonNumber } from '@payout/domain';
import { numberSource } from '../app/exact-json.parser.js';

/** The numbers of a fee rule (docs/product.md §5): a flat amount, or a rate with its minimum. */
const RULE_NUMBERS = ['amount', 'rate', 'minimum'] as const;

const isObject = (value: unknown): value is Readonly<Record<string, unknown>> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Sets `key` as an own property whatever it is named: an assignment to `__proto__` would replace the object's
 * prototype instead, and the key would vanish before the domain could refuse it as no rail.
 */
const keep = (target: Record<string, unknown>, key: string, value: unknown): void => {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
};

/**
 * The body with each fee rule's numbers in `feeOverrides` handed over as the literals the client wrote
 * (JsonNumber), as `bodyWithMoney` does for top-level money fields: the rules sit one level deeper.
 */
export function withExactFeeOverrides(
  body: Readonly<Record<string, unknown>>,
): Readonly<Record<string, unknown>> {
  const overrides = body.feeOverrides;
  if (!isObject(overrides)) return body;
  const exact: Record<string, unknown> = {};
  for (const [rail, rule] of Object.entries(overrides)) {
    if (!isObject(rule)) {
      keep(exact, rail, rule);
      continue;
    }
    const copy: Record<string, unknown> = { ...rule };
    for (const field of RULE_NUMBERS) {
      const source = numberSource(rule, field);
      if (source !== undefined) copy[field] = JsonNumber.of(source);
    }
    keep(exact, rail, copy);
  }
  return { ...body, feeOverrides: exact };
}
