import type { AccountCorrection } from '../linked-account/account-correction.js';
import type { Money } from '../money/money.js';
import type { RailId } from '../rails/rail-id.js';
import type { FailureReason } from '../withdrawal/failure-reason.js';

export interface RailSubmission {
  /** The idempotency key: submitting the same withdrawal again never pays twice and answers the same reference. */
  readonly withdrawalId: string;
  /** 1 for the first try, then 2, 3 … */
  readonly attempt: number;
  /** When the withdrawal was requested: how old its key is, for a provider that forgets keys after a while. */
  readonly requestedAt: Date;
  readonly amount: Money;
  readonly currency: 'USD';
  /** The linked account's kind and decrypted destination details. */
  readonly destination: { readonly kind: string; readonly details: Readonly<Record<string, string>> };
  readonly description: string;
}

export type RailSubmitResult =
  /** Paid at once (push-to-card and similar). */
  | { readonly kind: 'SETTLED'; readonly reference: string }
  /**
   * Accepted; settlement comes later and is learned by `status`. `expectedBy`, when the rail says at once when the
   * payout can move on (an ACH entry's effective date), is when it is first asked.
   */
  | { readonly kind: 'ACCEPTED'; readonly reference: string; readonly expectedBy?: Date }
  /** Refused for good: the withdrawal fails and its debit is reversed. */
  | {
      readonly kind: 'REJECTED';
      readonly reason: FailureReason;
      readonly detail: string;
      readonly code?: string;
      /** The provider refused it because the account cannot receive (see RailAccountFacts). */
      readonly accountUnusable?: true;
    }
  /**
   * Unreachable, timed out or 5xx: outcome unknown, retried on the same rail with the same key. `retryAfterMs`,
   * when the provider said how long to wait (a 429's or 503's `Retry-After`): the retry comes no sooner.
   */
  | { readonly kind: 'UNAVAILABLE'; readonly detail: string; readonly retryAfterMs?: number };

export interface RailStatusQuery {
  readonly withdrawalId: string;
  readonly reference: string;
  readonly amount: Money;
  readonly submittedAt: Date;
}

/**
 * What a status answer says of the linked account besides the payout, whatever its kind: applied in the
 * transaction that applies the answer.
 */
export interface RailAccountFacts {
  /**
   * The account cannot receive: the provider's code says it is closed, unknown or its number invalid (an ACH
   * return's R02, R03, R04 and their equivalents). Only on FAILED and RETURNED; the account is marked unusable.
   */
  readonly accountUnusable?: true;
  /** The latest correction of the account's details the provider holds for this payout (an ACH NOC). */
  readonly correction?: AccountCorrection;
}

/**
 * Not final yet. `expectedBy`, when the rail knows it (an ACH entry's settlement date), is the earliest the payout
 * can move on: the next check waits for it instead of asking every `pollIntervalMs` until then.
 */
export type RailStatus = RailStatusKind & RailAccountFacts;

type RailStatusKind =
  | { readonly kind: 'PENDING'; readonly expectedBy?: Date }
  /** Accepted by the network, awaiting final settlement (ACH, RTP). */
  | { readonly kind: 'PROCESSING'; readonly expectedBy?: Date }
  /**
   * Paid. `settledAt`, when the rail reports it, is when: the return window counts from it, so a poll that first
   * sees the settlement after the window closed ends the watch at once. Without it the window counts from the
   * poll that saw it.
   */
  | { readonly kind: 'SETTLED'; readonly settledAt?: Date }
  /** `code`, in FAILED and RETURNED alike, is the provider's own code for it when it gave one (see failureCode). */
  | { readonly kind: 'FAILED'; readonly reason: FailureReason; readonly code?: string }
  /** Settled, then returned: the money came back. */
  | { readonly kind: 'RETURNED'; readonly reason: FailureReason; readonly code?: string }
  /** `retryAfterMs`, when the provider said how long to wait (a 429's `Retry-After`): the next check is no sooner. */
  | { readonly kind: 'UNAVAILABLE'; readonly detail: string; readonly retryAfterMs?: number };

/**
 * What the provider holds under a withdrawal's idempotency key: a payout (`FOUND`, its reference), or none
 * (`NONE`: a definite answer, never a guess from an error), or no answer (`UNAVAILABLE`).
 */
export type RailFindResult =
  | { readonly kind: 'FOUND'; readonly reference: string }
  | { readonly kind: 'NONE' }
  | { readonly kind: 'UNAVAILABLE'; readonly detail: string };

/**
 * A payout network behind a stable id. Guarantees: `submit` is idempotent on `withdrawalId`; it resolves within
 * the rail's timeout (a timeout is `UNAVAILABLE`, never a throw); `status` ends once: after SETTLED it becomes
 * RETURNED (or FAILED, from a provider whose refund of a paid payout reads like a failure before payment), or
 * says a status not final that changes nothing (a bounce the provider has not settled); once FAILED or RETURNED it
 * stays.
 */
export interface PayoutRail {
  readonly id: RailId;
  /**
   * Who serves the rail (`increase`, `paypal`, `simulated` …): a withdrawal is only ever sent to, and asked about
   * at, the provider that served its rail when it was debited, whose idempotency keys and references it holds.
   */
  readonly provider: string;
  /** How long to wait before asking `status` again while the payout is not final. */
  readonly pollIntervalMs: number;
  /**
   * How long after settlement (the rail's `settledAt`, else when SETTLED was first seen) a return may still
   * arrive and is watched for; 0 when returns are not reported.
   */
  readonly returnWindowMs: number;
  /**
   * The first gap between status checks while a settled payout is watched for a return; later gaps widen with
   * the time since settlement (docs/decisions/0009-return-watch-widens.md). Returns come in batches (an ACH
   * return file, a daily report), so this is usually much longer than `pollIntervalMs`; the last check falls when
   * the window closes.
   */
  readonly returnPollIntervalMs: number;
  submit(submission: RailSubmission): Promise<RailSubmitResult>;
  status(query: RailStatusQuery): Promise<RailStatus>;
  /**
   * Looks the withdrawal's payout up at the provider by its idempotency key, creating nothing: how an operator's
   * fail of a payout no rail has accepted is checked first. Absent where the provider offers no such lookup.
   */
  findPayout?(withdrawalId: string): Promise<RailFindResult>;
}
