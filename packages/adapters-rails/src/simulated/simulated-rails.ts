import { type Clock, RAIL_IDS, type RailId, type SimulatedPayoutBook } from '@payout/domain';
import { SimulatedPayoutRail } from './simulated-payout.rail.js';
import { InMemorySimulatedPayoutBook } from './simulated-payout-book.js';

/** docs/product.md §9 default settlement delays. */
export const DEFAULT_SETTLEMENT_DELAYS_MS: Readonly<Record<RailId, number>> = {
  ACH: 5000,
  RTP: 1000,
  WIRE: 2000,
  SWIFT: 10000,
  PUSH_TO_CARD: 0,
  ZELLE: 1000,
  PAYPAL: 1000,
  VENMO: 1000,
};

export interface SimulatedRailsOptions {
  readonly clock: Clock;
  readonly delaysMs?: Partial<Record<RailId, number>>;
  /** The provider's book the rails share; one of their own in memory if none is given. */
  readonly book?: SimulatedPayoutBook;
}

/** One simulated rail per rail id; adding a rail means adding it to RAIL_IDS and, if needed, a default delay. */
export function createSimulatedRails(options: SimulatedRailsOptions): SimulatedPayoutRail[] {
  const book = options.book ?? new InMemorySimulatedPayoutBook();
  return RAIL_IDS.map(
    (id) =>
      new SimulatedPayoutRail({
        id,
        clock: options.clock,
        settlementDelayMs: options.delaysMs?.[id] ?? DEFAULT_SETTLEMENT_DELAYS_MS[id],
        book,
      }),
  );
}
