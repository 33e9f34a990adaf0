import { Money } from '../money/money.js';
import type { RailId } from '../rails/rail-id.js';

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
