import { Money } from '../money/money.js';
import type { RailId } from '../rails/rail-id.js';

// A payout's terms, by its amount: the fee its rail charges (a merchant may override it), the amounts its rail
// carries, and the amount from which an operator must approve it. The rail tables are keyed by rail, so a new rail
// id does not compile until it has its terms.

/** A flat fee, or a percentage rounded half-up to the cent with an optional minimum. */
export type FeeRule =
  | { readonly type: 'FLAT'; readonly amount: string }
  | { readonly type: 'PERCENT'; readonly rate: string; readonly minimum?: string };

export type FeeSchedule = Readonly<Record<RailId, FeeRule>>;
export type FeeOverrides = Readonly<Partial<Record<RailId, FeeRule>>>;

export const DEFAULT_FEES: FeeSchedule = {
  ACH: { type: 'FLAT', amount: '0.25' },
  RTP: { type: 'FLAT', amount: '1.00' },
  WIRE: { type: 'FLAT', amount: '15.00' },
  SWIFT: { type: 'FLAT', amount: '25.00' },
  PUSH_TO_CARD: { type: 'PERCENT', rate: '1.5', minimum: '0.50' },
  ZELLE: { type: 'FLAT', amount: '0.00' },
  PAYPAL: { type: 'FLAT', amount: '1.00' },
  VENMO: { type: 'FLAT', amount: '1.00' },
};

export function feeFor(rail: RailId, amount: Money, overrides: FeeOverrides = {}): Money {
  const rule = overrides[rail] ?? DEFAULT_FEES[rail];
  if (rule.type === 'FLAT') return Money.of(rule.amount);
  const fee = amount.percent(rule.rate);
  return rule.minimum ? Money.max(fee, Money.of(rule.minimum)) : fee;
}

export interface AmountLimit {
  readonly min: Money;
  readonly max: Money;
}

const limit = (min: string, max: string): AmountLimit => ({ min: Money.of(min), max: Money.of(max) });

/** Per-payout limits of each rail, modelled on the networks' published caps. */
export const RAIL_LIMITS: Readonly<Record<RailId, AmountLimit>> = {
  ACH: limit('0.01', '1000000.00'),
  RTP: limit('0.01', '1000000.00'),
  WIRE: limit('1.00', '10000000.00'),
  SWIFT: limit('1.00', '10000000.00'),
  PUSH_TO_CARD: limit('1.00', '50000.00'),
  ZELLE: limit('0.01', '5000.00'),
  PAYPAL: limit('0.01', '60000.00'),
  VENMO: limit('0.01', '60000.00'),
};

export const withinRailLimit = (rail: RailId, amount: Money): boolean =>
  amount.compare(RAIL_LIMITS[rail].min) >= 0 && amount.compare(RAIL_LIMITS[rail].max) <= 0;

export const DEFAULT_APPROVAL_THRESHOLD = Money.of('10000.00');
export const DEFAULT_APPROVAL_TTL_SECONDS = 7 * 24 * 60 * 60;

/** docs/product.md §5: an amount at or above the merchant's threshold waits for an operator's decision. */
export const requiresApproval = (amount: Money, threshold: Money): boolean => amount.compare(threshold) >= 0;
