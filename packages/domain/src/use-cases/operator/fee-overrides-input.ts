import { Decimal } from 'decimal.js';
import { JsonNumber } from '../../money/money.js';
import type { FeeOverrides, FeeRule } from '../../policy/payout-terms.js';
import { RAIL_IDS, type RailId } from '../../rails/rail-id.js';
import { type DomainError, validationError } from '../../shared/domain-error.js';
import { err, ok, type Result } from '../../shared/result.js';
import { parseNonNegativeMoney } from './operator-deps.js';

/** A percentage: 0 to 100 with at most four decimals, as a JSON number (JsonNumber) or a decimal string. */
const RATE_TEXT = /^\d{1,3}(\.\d{1,4})?$/;
const MAX_RATE = new Decimal(100);

const isRecord = (value: unknown): value is Readonly<Record<string, unknown>> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function parseRate(field: string, value: unknown): Result<string, DomainError> {
  // A JSON number is read as the literal the client wrote, never through a binary double.
  const text = value instanceof JsonNumber ? value.text : value;
  if (typeof text !== 'string' || !RATE_TEXT.test(text) || new Decimal(text).greaterThan(MAX_RATE))
    return err(
      validationError(field, `${field} must be a percentage from 0 to 100 with at most four decimal places`),
    );
  return ok(new Decimal(text).toString());
}

function parseRule(field: string, value: unknown): Result<FeeRule, DomainError> {
  if (!isRecord(value) || (value.type !== 'FLAT' && value.type !== 'PERCENT'))
    return err(
      validationError(
        field,
        `${field} must be null, {type: "FLAT", amount} or {type: "PERCENT", rate, minimum?}`,
      ),
    );
  if (value.type === 'FLAT') {
    const amount = parseNonNegativeMoney(`${field}.amount`, value.amount);
    return amount.ok ? ok({ type: 'FLAT', amount: amount.value.toString() }) : amount;
  }
  const rate = parseRate(`${field}.rate`, value.rate);
  if (!rate.ok) return rate;
  if (value.minimum === undefined || value.minimum === null) return ok({ type: 'PERCENT', rate: rate.value });
  const minimum = parseNonNegativeMoney(`${field}.minimum`, value.minimum);
  return minimum.ok ? ok({ type: 'PERCENT', rate: rate.value, minimum: minimum.value.toString() }) : minimum;
}

/** Per rail named in a merchant update: its new fee rule, or null for the default fee again. */
type FeeOverridesPatch = Readonly<Partial<Record<RailId, FeeRule | null>>>;

/**
 * `feeOverrides` of a merchant update (docs/product.md §1, §5): per rail id a fee rule, or null to fall back to the
 * default fee. Amounts are parsed as exact cents (Money), never through Number arithmetic.
 */
export function parseFeeOverrides(input: unknown): Result<FeeOverridesPatch, DomainError> {
  if (!isRecord(input))
    return err(validationError('feeOverrides', 'feeOverrides must be an object keyed by rail id'));
  const patch: Partial<Record<RailId, FeeRule | null>> = {};
  for (const [rail, value] of Object.entries(input)) {
    if (!RAIL_IDS.includes(rail as RailId))
      return err(
        validationError('feeOverrides', `feeOverrides keys must be rail ids (${RAIL_IDS.join(', ')})`),
      );
    if (value === null) {
      patch[rail as RailId] = null;
      continue;
    }
    const rule = parseRule(`feeOverrides.${rail}`, value);
    if (!rule.ok) return rule;
    patch[rail as RailId] = rule.value;
  }
  return ok(patch);
}

/** The overrides after a patch: rails it names take their new rule (or lose theirs), the others keep theirs. */
export function patchFeeOverrides(current: FeeOverrides, patch: FeeOverridesPatch): FeeOverrides {
  const next: Partial<Record<RailId, FeeRule>> = { ...current };
  for (const [rail, rule] of Object.entries(patch) as [RailId, FeeRule | null][]) {
    if (rule === null) delete next[rail];
    else next[rail] = rule;
  }
  return next;
}
