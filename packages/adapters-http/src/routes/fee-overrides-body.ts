import { JsonNumber } from '@payout/domain';
import { numberSource } from '../app/body-parsing.middleware.js';

/** The numbers of a fee rule (docs/product.md §5): a flat amount, or a rate with its minimum. */
const RULE_NUMBERS = ['amount', 'rate', 'minimum'] as const;

const isObject = (value: unknown): value is Readonly<Record<string, unknown>> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A fee rule with each of its numbers as the literal the client wrote. */
function withExactNumbers(rule: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const copy: Record<string, unknown> = { ...rule };
  for (const field of RULE_NUMBERS) {
    const source = numberSource(rule, field);
    if (source !== undefined) copy[field] = JsonNumber.of(source);
  }
  return copy;
}

/**
 * The body with each fee rule's numbers in `feeOverrides` handed over as the literals the client wrote
 * (JsonNumber), as `bodyWithMoney` does for top-level money fields: the rules sit one level deeper.
 */
export function withExactFeeOverrides(
  body: Readonly<Record<string, unknown>>,
): Readonly<Record<string, unknown>> {
  const overrides = body.feeOverrides;
  if (!isObject(overrides)) return body;
  // fromEntries makes each key an own property, `__proto__` included, so the domain sees and refuses it as no rail.
  const exact = Object.fromEntries(
    Object.entries(overrides).map(([rail, rule]) => [rail, isObject(rule) ? withExactNumbers(rule) : rule]),
  );
  return { ...body, feeOverrides: exact };
}
