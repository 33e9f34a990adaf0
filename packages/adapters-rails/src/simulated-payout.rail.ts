import {
  type Clock,
  FAILURE_REASONS,
  type PayoutRail,
  RAILS_WITH_PROCESSING_STATE,
  type RailId,
  type RailStatus,
  type RailStatusQuery,
  type RailSubmission,
  type RailSubmitResult,
  SANDBOX_FAILURE_CENTS,
  SANDBOX_TRIGGER_CENTS,
} from '@payout/domain';

export interface SimulatedRailOptions {
  readonly id: RailId;
  readonly clock: Clock;
  /** Time from acceptance to settlement; 0 means the rail pays at submission. */
  readonly settlementDelayMs: number;
  readonly pollIntervalMs?: number;
}

const FAILURES = SANDBOX_FAILURE_CENTS;
const REJECT_AT_SUBMISSION = SANDBOX_TRIGGER_CENTS.REJECTED;
const RETURN_AFTER_SUCCESS = SANDBOX_TRIGGER_CENTS.RETURNED;
const UNAVAILABLE_TWICE = SANDBOX_TRIGGER_CENTS.UNAVAILABLE_TWICE;
const UNAVAILABLE_ATTEMPTS = 2;
/** Instant rails still return a .98 payout, after this long. */
const MIN_RETURN_DELAY_MS = 1000;

/**
 * A sandbox rail that keeps no state: the reference is derived from the withdrawal id (so a repeated submission
 * answers the same reference and pays once), and the status is computed from the amount and the time since
 * acceptance on the injected clock. Several processes therefore agree on every answer.
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

  constructor(options: SimulatedRailOptions) {
    this.id = options.id;
    this.clock = options.clock;
    this.delayMs = options.settlementDelayMs;
    this.pollIntervalMs =
      options.pollIntervalMs ?? Math.max(100, Math.min(1000, Math.ceil(this.delayMs / 4) || 100));
    // A return (.98) arrives one settlement delay (at least MIN_RETURN_DELAY_MS) after settlement. The worker
    // looks halfway there and when it is due, and watches two poll intervals longer: three checks per payout.
    this.returnAfterMs = Math.max(this.delayMs, MIN_RETURN_DELAY_MS) * 2;
    const returnsAfterSettlementMs = this.returnAfterMs - this.delayMs;
    this.returnWindowMs = returnsAfterSettlementMs + 2 * this.pollIntervalMs;
    this.returnPollIntervalMs = Math.ceil(returnsAfterSettlementMs / 2);
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
    const instant = this.delayMs === 0 && !(cents in FAILURES);
    if (instant) return { kind: 'SETTLED', reference };
    return { kind: 'ACCEPTED', reference, expectedBy: new Date(this.clock.now().getTime() + this.delayMs) };
  }

  /** A reference this rail did not issue is answered FAILED: there is no such payout to settle. */
  async status(query: RailStatusQuery): Promise<RailStatus> {
    if (query.reference !== this.referenceFor(query.withdrawalId))
      return { kind: 'FAILED', reason: FAILURE_REASONS.GENERAL };
    const elapsed = this.clock.now().getTime() - query.submittedAt.getTime();
    const cents = query.amount.cents();
    if (elapsed < this.delayMs) {
      // Every outcome, failures included, is known once the delay has passed: nothing to ask before then.
      const expectedBy = new Date(query.submittedAt.getTime() + this.delayMs);
      return RAILS_WITH_PROCESSING_STATE.has(this.id)
        ? { kind: 'PROCESSING', expectedBy }
        : { kind: 'PENDING', expectedBy };
    }
    const failure = FAILURES[cents];
    if (failure) return { kind: 'FAILED', reason: failure };
    // The bank says the account does not exist (an ACH return R03): the linked account is marked unusable.
    if (cents === RETURN_AFTER_SUCCESS && elapsed >= this.returnAfterMs)
      return {
        kind: 'RETURNED',
        reason: FAILURE_REASONS.RECIPIENT_NOT_FOUND,
        accountUnusable: true,
        ...(this.id === 'ACH' ? { code: 'R03' } : {}),
      };
    return { kind: 'SETTLED', settledAt: new Date(query.submittedAt.getTime() + this.delayMs) };
  }
}
