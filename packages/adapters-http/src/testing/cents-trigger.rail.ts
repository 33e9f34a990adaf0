import {
  FAILURE_REASONS,
  type PayoutRail,
  type RailId,
  type RailStatus,
  type RailSubmission,
  type RailSubmitResult,
  SANDBOX_TRIGGER_CENTS,
} from '@payout/domain';

/**
 * The part of docs/product.md §9's sandbox triggers (the domain's SANDBOX_TRIGGER_CENTS) the HTTP suite relies
 * on, for apps built without adapters-rails (adapters never import each other): REJECTED cents reject at
 * submission, UNAVAILABLE_TWICE cents are unavailable, anything else is accepted and settles at the first poll.
 */
export class CentsTriggerRail implements PayoutRail {
  readonly provider = 'simulated';
  readonly pollIntervalMs = 1000;
  readonly returnWindowMs = 0;
  readonly returnPollIntervalMs = 1000;

  constructor(readonly id: RailId) {}

  async submit(submission: RailSubmission): Promise<RailSubmitResult> {
    const cents = submission.amount.cents();
    const detail = `sandbox trigger .${cents}`;
    if (cents === SANDBOX_TRIGGER_CENTS.REJECTED)
      return { kind: 'REJECTED', reason: FAILURE_REASONS.GENERAL, detail };
    if (cents === SANDBOX_TRIGGER_CENTS.UNAVAILABLE_TWICE) return { kind: 'UNAVAILABLE', detail };
    return { kind: 'ACCEPTED', reference: `sandbox-${submission.withdrawalId}` };
  }

  async status(): Promise<RailStatus> {
    return { kind: 'SETTLED' };
  }
}
