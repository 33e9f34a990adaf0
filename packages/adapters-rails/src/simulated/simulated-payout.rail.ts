import {
  type Clock,
  FAILURE_REASONS,
  Money,
  type PayoutRail,
  type ProviderRecordState,
  RAIL_IDS,
  RAILS_WITH_PROCESSING_STATE,
  type RailId,
  type RailStatus,
  type RailStatusQuery,
  type RailSubmission,
  type RailSubmitResult,
  SANDBOX_FAILURE_CENTS,
  SANDBOX_RECONCILIATION_CENTS,
  SANDBOX_TRIGGER_CENTS,
  type SimulatedPayout,
  type SimulatedPayoutBook,
} from '@payout/domain';
import { InMemorySimulatedPayoutBook } from './simulated-payout-book.js';

export interface SimulatedRailOptions {
  readonly id: RailId;
  readonly clock: Clock;
  /** Time from acceptance to settlement; 0 means the rail pays at submission. */
  readonly settlementDelayMs: number;
  readonly pollIntervalMs?: number;
  /** The provider's own book, where an accepted payout is booked (docs/decisions/0027-simulated-book-in-the-database.md). */
  readonly book: SimulatedPayoutBook;
}

/** What the provider's book says of a payout some time after accepting it, and since when, if final. */
export interface SimulatedOutcome {
  readonly state: ProviderRecordState;
  /** Time from acceptance to the final state; null while pending. */
  readonly finalAfterMs: number | null;
}

const FAILURES = SANDBOX_FAILURE_CENTS;
const REJECT_AT_SUBMISSION = SANDBOX_TRIGGER_CENTS.REJECTED;
const RETURN_AFTER_SUCCESS = SANDBOX_TRIGGER_CENTS.RETURNED;
const UNAVAILABLE_TWICE = SANDBOX_TRIGGER_CENTS.UNAVAILABLE_TWICE;
const BOOK = SANDBOX_RECONCILIATION_CENTS;
/** What the provider's book says of a `.81` payout: a dollar more than was sent. */
const OTHER_AMOUNT_DELTA = Money.of('1.00');
const UNAVAILABLE_ATTEMPTS = 2;
/** Instant rails still return a .98 payout, after this long. */
const MIN_RETURN_DELAY_MS = 1000;

/**
 * A sandbox rail whose answers follow from the amount and the time: the reference is derived from the withdrawal id
 * (so a repeated submission answers the same reference and pays once), and the status is computed from the amount
 * and the time since acceptance on the injected clock, so several processes agree on every answer. What it accepts
 * it books in the provider's book (`book`), the record reconciliation reads.
 */
export class SimulatedPayoutRail implements PayoutRail {
  readonly provider = 'simulated';
  readonly id: RailId;
  readonly pollIntervalMs: number;
  readonly returnWindowMs: number;
  readonly returnPollIntervalMs: number;
  private readonly clock: Clock;
  private readonly delayMs: number;
  private readonly returnAfterMs: number;
  /** When the provider books a `.84` return: well after our return watch ended. */
  private readonly lateReturnAfterMs: number;
  private readonly book: SimulatedPayoutBook;

  constructor(options: SimulatedRailOptions) {
    this.id = options.id;
    this.clock = options.clock;
    this.book = options.book;
    this.delayMs = options.settlementDelayMs;
    this.pollIntervalMs =
      options.pollIntervalMs ?? Math.max(100, Math.min(1000, Math.ceil(this.delayMs / 4) || 100));
    // A return (.98) arrives one settlement delay (at least MIN_RETURN_DELAY_MS) after settlement. The worker
    // looks halfway there and when it is due, and watches two poll intervals longer: three checks per payout.
    this.returnAfterMs = Math.max(this.delayMs, MIN_RETURN_DELAY_MS) * 2;
    const returnsAfterSettlementMs = this.returnAfterMs - this.delayMs;
    this.returnWindowMs = returnsAfterSettlementMs + 2 * this.pollIntervalMs;
    this.returnPollIntervalMs = Math.ceil(returnsAfterSettlementMs / 2);
    this.lateReturnAfterMs = this.delayMs + 2 * this.returnWindowMs;
  }

  referenceFor(withdrawalId: string): string {
    return `sim-${this.id.toLowerCase()}-${withdrawalId}`;
  }

  async submit(submission: RailSubmission): Promise<RailSubmitResult> {
    const cents = submission.amount.cents();
    if (cents === REJECT_AT_SUBMISSION)
      return {
        kind: 'REJECTED',
        reason: FAILURE_REASONS.GENERAL,
        detail: 'sandbox trigger .91: rejected at submission',
      };
    if (cents === UNAVAILABLE_TWICE && submission.attempt <= UNAVAILABLE_ATTEMPTS)
      return {
        kind: 'UNAVAILABLE',
        detail: `sandbox trigger .99: unavailable on attempt ${submission.attempt}`,
      };
    const reference = this.referenceFor(submission.withdrawalId);
    const now = this.clock.now();
    try {
      for (const payout of this.booked(submission, reference, now)) await this.book.record(payout);
    } catch (error) {
      // Nothing is accepted until it is booked: the same key is tried again, as after any unreachable provider.
      return { kind: 'UNAVAILABLE', detail: `the simulated provider's book: ${(error as Error).message}` };
    }
    const instant = this.delayMs === 0 && !(cents in FAILURES);
    if (instant) return { kind: 'SETTLED', reference };
    return { kind: 'ACCEPTED', reference, expectedBy: new Date(now.getTime() + this.delayMs) };
  }

  /** What the provider books for an accepted payout: itself, unless a reconciliation trigger says otherwise. */
  private booked(submission: RailSubmission, reference: string, acceptedAt: Date): SimulatedPayout[] {
    const payout: SimulatedPayout = {
      providerId: reference,
      reference: submission.withdrawalId,
      rail: this.id,
      amount: submission.amount,
      currency: submission.currency,
      acceptedAt,
    };
    switch (submission.amount.cents()) {
      case BOOK.NO_RECORD:
        return [];
      case BOOK.OTHER_AMOUNT:
        return [{ ...payout, amount: payout.amount.plus(OTHER_AMOUNT_DELTA) }];
      case BOOK.SECOND_PAYOUT:
        return [payout, { ...payout, providerId: `${reference}-again` }];
      default:
        return [payout];
    }
  }

  /** The book's state of a payout of `cents`, `elapsedMs` after its acceptance; `status` answers from it too. */
  outcomeAt(cents: string, elapsedMs: number): SimulatedOutcome {
    if (elapsedMs < this.delayMs) return { state: 'PENDING', finalAfterMs: null };
    if (FAILURES[cents]) return { state: 'FAILED', finalAfterMs: this.delayMs };
    if (cents === RETURN_AFTER_SUCCESS && elapsedMs >= this.returnAfterMs)
      return { state: 'RETURNED', finalAfterMs: this.returnAfterMs };
    if (cents === BOOK.LATE_RETURN && elapsedMs >= this.lateReturnAfterMs)
      return { state: 'RETURNED', finalAfterMs: this.lateReturnAfterMs };
    return { state: 'PAID', finalAfterMs: this.delayMs };
  }

  /** A reference this rail did not issue is answered FAILED: there is no such payout to settle. */
  async status(query: RailStatusQuery): Promise<RailStatus> {
    if (query.reference !== this.referenceFor(query.withdrawalId))
      return { kind: 'FAILED', reason: FAILURE_REASONS.GENERAL };
    const cents = query.amount.cents();
    const outcome = this.outcomeAt(cents, this.clock.now().getTime() - query.submittedAt.getTime());
    // A `.84` return is booked after our watch ended, and never reported: only reconciliation finds it.
    const state = cents === BOOK.LATE_RETURN && outcome.state === 'RETURNED' ? 'PAID' : outcome.state;
    switch (state) {
      case 'PENDING': {
        // Every outcome, failures included, is known once the delay has passed: nothing to ask before then.
        const expectedBy = new Date(query.submittedAt.getTime() + this.delayMs);
        return RAILS_WITH_PROCESSING_STATE.has(this.id)
          ? { kind: 'PROCESSING', expectedBy }
          : { kind: 'PENDING', expectedBy };
      }
      case 'FAILED':
        return { kind: 'FAILED', reason: FAILURES[cents] ?? FAILURE_REASONS.GENERAL };
      // The bank says the account does not exist (an ACH return R03): the linked account is marked unusable.
      case 'RETURNED':
        return {
          kind: 'RETURNED',
          reason: FAILURE_REASONS.RECIPIENT_NOT_FOUND,
          accountUnusable: true,
          ...(this.id === 'ACH' ? { code: 'R03' } : {}),
        };
      case 'PAID':
        return { kind: 'SETTLED', settledAt: new Date(query.submittedAt.getTime() + this.delayMs) };
    }
  }
}

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
