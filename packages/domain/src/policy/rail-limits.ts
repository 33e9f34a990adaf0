import { Money } from '../money/money.js';
import type { RailId } from '../rails/rail-id.js';

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
