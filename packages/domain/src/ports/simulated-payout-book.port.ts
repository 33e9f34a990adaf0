import type { Money } from '../money/money.js';
import type { RailId } from '../rails/rail-id.js';

/** One payout the simulated provider accepted, as its own book holds it. */
export interface SimulatedPayout {
  /** The provider's own id of the payout: the reference its rail answered, or another for a duplicate (.83). */
  readonly providerId: string;
  /** The idempotency key it was sent under: our withdrawal id. */
  readonly reference: string;
  readonly rail: RailId;
  /** What the provider booked: the amount sent, or another for the `.81` trigger. */
  readonly amount: Money;
  readonly currency: string;
  /** When the provider accepted it, on the rail's clock: its state follows from the time since. */
  readonly acceptedAt: Date;
}

/**
 * The simulated provider's book of record, shared by every process that runs the simulated rails
 * (docs/decisions/0027-simulated-book-in-the-database.md): written by the rail when it accepts a payout, outside
 * any unit of work of ours, and read by its ProviderRecordsReader. Never an account of ours.
 */
export interface SimulatedPayoutBook {
  /** Books the payout unless one with its provider id is booked already (the first acceptance stands). */
  record(payout: SimulatedPayout): Promise<void>;
  /**
   * Up to `limit` payouts accepted in [from, to), ordered by acceptance time then provider id, after the one whose
   * provider id is `after` (null: from the first).
   */
  page(from: Date, to: Date, after: string | null, limit: number): Promise<readonly SimulatedPayout[]>;
}
