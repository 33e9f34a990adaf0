import { DEFAULT_APPROVAL_TTL_SECONDS } from '../../policy/payout-terms.js';
import type { Withdrawal } from '../../withdrawal/withdrawal.js';

/** Timing of the withdrawal flow; the app fills it from configuration. */
export interface WithdrawalSettings {
  /** The rails' own call timeout: the safety-net submission waits longer than this before retrying. */
  readonly railTimeoutMs: number;
  readonly approvalTtlMs: number;
  /**
   * First retry delay after an unavailable rail; doubles per attempt up to `maxSubmitRetryDelayMs`, at which the
   * attempts go on until the provider answers.
   */
  readonly submitRetryDelayMs: number;
  readonly maxSubmitRetryDelayMs: number;
  /** Delay between status polls while the rail itself cannot be reached. */
  readonly pollRetryDelayMs: number;
}

export const DEFAULT_WITHDRAWAL_SETTINGS: WithdrawalSettings = {
  railTimeoutMs: 10_000,
  approvalTtlMs: DEFAULT_APPROVAL_TTL_SECONDS * 1000,
  submitRetryDelayMs: 2_000,
  maxSubmitRetryDelayMs: 10 * 60_000,
  pollRetryDelayMs: 5_000,
};

/** Exponential backoff for submission attempt `attempt` (2, 3 …). */
export const submitRetryDelay = (settings: WithdrawalSettings, attempt: number): number =>
  Math.min(settings.submitRetryDelayMs * 2 ** Math.max(0, attempt - 2), settings.maxSubmitRetryDelayMs);

/** Margin added to the rail timeout before the safety-net submission may run. */
export const SAFETY_NET_MARGIN_MS = 5_000;

/**
 * From this attempt on, a submission still unanswered is unresolved: retried every few minutes for hours, it needs
 * someone to look at the provider (a payout whose outcome is unknown is never failed by the service). Its attempts
 * are logged as errors and counted in `payout_submissions_unresolved`.
 */
export const UNRESOLVED_SUBMIT_ATTEMPTS = 30;

/**
 * Whether a submission attempt may still be waiting for its rail's answer, or recording it: the withdrawal's check
 * is within a lease (the rail timeout plus the safety-net margin, and as much again for clocks a few seconds apart
 * and a slow commit) of now, either way. A claimed attempt holds it until its lease ends; one whose lease ended
 * just now may still be writing its answer. A check further ahead is a retry's backoff; one overdue for longer than
 * a lease has no worker on it.
 */
export function attemptMayBeUnderWay(
  withdrawal: Withdrawal,
  now: Date,
  settings: WithdrawalSettings,
): boolean {
  const next = withdrawal.nextCheckAt?.getTime();
  const lease = settings.railTimeoutMs + 2 * SAFETY_NET_MARGIN_MS;
  return next !== undefined && Math.abs(next - now.getTime()) <= lease;
}
