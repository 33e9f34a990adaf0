import type { LinkedAccount } from '../../../linked-account/linked-account.js';
import type { Clock } from '../../../ports/clock.port.js';
import type { IdGenerator } from '../../../ports/id-generator.port.js';
import type { PayoutRail, RailSubmitResult } from '../../../ports/payout-rail.port.js';
import type { TransactionScope, UnitOfWork } from '../../../ports/unit-of-work.port.js';
import { RAILS_WITH_PROCESSING_STATE } from '../../../rails/rail-id.js';
import { type RailRegistry, railOf } from '../../../rails/rail-registry.js';
import {
  checkAt,
  markSubmitted,
  noteFailureCode,
  recordSubmitAttempt,
  type Withdrawal,
} from '../../../withdrawal/withdrawal.js';
import { applyAccountNews } from '../../accounts/account-changes.js';
import { moveWithdrawal, onLatestWithdrawal } from '../status-change/move-withdrawal.js';
import { submitRetryDelay, type WithdrawalSettings } from '../withdrawal-settings.js';

export interface RailDispatcherDeps {
  readonly unitOfWork: UnitOfWork;
  readonly rails: RailRegistry;
  readonly clock: Clock;
  readonly ids: IdGenerator;
  readonly settings: WithdrawalSettings;
}

export type DispatchOutcome =
  | { readonly kind: 'SKIPPED' }
  | { readonly kind: RailSubmitResult['kind']; readonly withdrawal: Withdrawal };

/**
 * Submits a debited withdrawal to its rail: claims the attempt in one transaction, calls the rail with no
 * transaction open, then applies the answer in a second transaction. Safe under at-least-once job delivery: an
 * attempt that a later one superseded, or a withdrawal already submitted or final, is skipped; a repeated
 * attempt reuses the withdrawal id as the rail's idempotency key, so it never pays twice.
 */
export class RailDispatcher {
  constructor(private readonly deps: RailDispatcherDeps) {}

  async submit(withdrawalId: string, attempt: number): Promise<DispatchOutcome> {
    const { unitOfWork, clock } = this.deps;
    const claimed = await unitOfWork.run(async (tx) => {
      const withdrawal = await tx.withdrawals.lockById(withdrawalId);
      if (!withdrawal || !isAwaitingSubmission(withdrawal) || withdrawal.submitAttempts > attempt)
        return null;
      const account = await tx.linkedAccounts.findById(withdrawal.linkedAccountId);
      if (!account) throw new Error(`linked account of withdrawal ${withdrawalId} is missing`);
      const next = recordSubmitAttempt(withdrawal, attempt, clock.now());
      if (next.submitAttempts !== withdrawal.submitAttempts)
        await tx.withdrawals.update(next, withdrawal.sequence);
      return { withdrawal: next, account };
    });
    if (!claimed) return { kind: 'SKIPPED' };
    return this.submitClaimed(claimed.withdrawal, claimed.account, attempt);
  }

  /**
   * Calls the rail for an attempt already recorded on the withdrawal (the request records attempt 1 in the
   * transaction that debits), then applies the answer to the withdrawal as stored (`withdrawal` is what the
   * attempt was recorded as; see onLatestWithdrawal).
   */
  async submitClaimed(
    withdrawal: Withdrawal,
    account: LinkedAccount,
    attempt: number,
  ): Promise<DispatchOutcome> {
    const result = await railOf(this.deps.rails, withdrawal).submit({
      withdrawalId: withdrawal.id,
      attempt,
      requestedAt: withdrawal.createdAt,
      amount: withdrawal.amount,
      currency: withdrawal.currency,
      destination: { kind: account.kind, details: account.destination },
      description: withdrawal.reason ?? `Payout ${withdrawal.id}`,
    });
    const skipped: DispatchOutcome = { kind: 'SKIPPED' };
    return onLatestWithdrawal(
      this.deps.unitOfWork,
      withdrawal,
      async (tx, current) => {
        if (isAwaitingSubmission(current) && !superseded(current, result, attempt))
          return { kind: result.kind, withdrawal: await this.apply(tx, current, result, attempt) };
        if (acceptedAfterFailing(current, result))
          await tx.withdrawals.update(
            markSubmitted(current, result.reference, this.deps.clock.now()),
            current.sequence,
          );
        return skipped;
      },
      skipped,
    );
  }

  private async apply(
    tx: TransactionScope,
    withdrawal: Withdrawal,
    result: RailSubmitResult,
    attempt: number,
  ): Promise<Withdrawal> {
    const { ids, clock, settings, rails } = this.deps;
    const now = clock.now();
    const rail = rails.get(withdrawal.rail);
    switch (result.kind) {
      case 'REJECTED':
        // A refusal because the account cannot receive marks it, before the reversal locks the wallet.
        if (result.accountUnusable)
          await applyAccountNews(tx, this.deps, withdrawal, railOf(rails, withdrawal).provider, {
            accountUnusable: true,
            code: result.code,
            reason: result.reason,
          });
        return must(
          await moveWithdrawal(
            tx,
            ids,
            checkAt(noteFailureCode(withdrawal, result.code), null),
            'FAILED',
            now,
            result.reason,
          ),
        );
      case 'UNAVAILABLE': {
        // The same rail, the same idempotency key, later, however many times it takes: an earlier attempt may have
        // been paid (a timeout's or a 5xx's outcome is unknown), so only the provider's answer may end the payout,
        // never a count of attempts. A provider that said how long to wait is not asked sooner.
        const delay = Math.max(submitRetryDelay(settings, attempt + 1), result.retryAfterMs ?? 0);
        const retry = checkAt(withdrawal, new Date(now.getTime() + delay));
        await tx.withdrawals.update(retry, withdrawal.sequence);
        return retry;
      }
      case 'ACCEPTED':
      case 'SETTLED': {
        // Accepted: poll until final. Paid at once: watch for a return, if the rail reports them.
        const firstCheck =
          result.kind === 'ACCEPTED'
            ? nextPollAt(now, rail.pollIntervalMs, result.expectedBy)
            : rail.returnWindowMs > 0
              ? nextReturnCheckAt(now, now, rail)
              : null;
        const submitted = checkAt(markSubmitted(withdrawal, result.reference, now), firstCheck);
        const moves = RAILS_WITH_PROCESSING_STATE.has(submitted.rail) || result.kind === 'SETTLED';
        // A status move writes the whole withdrawal, reference included; only a silent acceptance writes it here.
        if (!moves) await tx.withdrawals.update(submitted, withdrawal.sequence);
        let moved = submitted;
        if (RAILS_WITH_PROCESSING_STATE.has(moved.rail))
          moved = must(await moveWithdrawal(tx, ids, moved, 'PROCESSING_PAY_OUT', now));
        if (result.kind === 'SETTLED') moved = must(await moveWithdrawal(tx, ids, moved, 'SUCCESS', now));
        return moved;
      }
    }
  }
}

/**
 * A later attempt is under way (this one's lease ran out and another worker claimed the withdrawal): an unavailable
 * answer to this one says nothing about it, so it neither fails the withdrawal (the later attempt may be paid) nor
 * replaces that worker's lease with a retry of its own. Any other answer is the payout's, whichever attempt got it.
 */
const superseded = (current: Withdrawal, result: RailSubmitResult, attempt: number): boolean =>
  result.kind === 'UNAVAILABLE' && current.submitAttempts > attempt;

/**
 * The rail took a payout that already ended FAILED with its debit reversed, with no reference from any rail (an
 * operator failed it while this attempt's answer was held up, past its lease). The money went out twice, once to
 * the account and once back to the wallet: the withdrawal stays FAILED, as the merchant was told, and keeps the
 * rail's reference, so that the operator who reconciles it finds the payout (the commit is reported as
 * `acceptedAfterFailing`, an error line and a metric; docs/decisions/0010-unknown-outcomes-end-on-the-providers-word.md).
 */
const acceptedAfterFailing = (
  current: Withdrawal,
  result: RailSubmitResult,
): result is Extract<RailSubmitResult, { reference: string }> =>
  current.status === 'FAILED' &&
  current.debited &&
  current.railReference === null &&
  (result.kind === 'ACCEPTED' || result.kind === 'SETTLED');

/**
 * When a payout not yet final is next asked about: after the rail's poll interval, and not before the time the rail
 * said it would move on (`expectedBy`, at acceptance or in a status answer).
 */
export const nextPollAt = (now: Date, pollIntervalMs: number, expectedBy: Date | undefined): Date =>
  new Date(Math.max(now.getTime() + pollIntervalMs, expectedBy?.getTime() ?? 0));

/**
 * When a settled payout is next asked about a return: each gap as long as the time since settlement, never shorter
 * than the rail's return cadence, the last check when the window closes (docs/decisions/0009-return-watch-widens.md).
 */
export const nextReturnCheckAt = (
  now: Date,
  settledAt: Date,
  rail: Pick<PayoutRail, 'returnPollIntervalMs' | 'returnWindowMs'>,
): Date => {
  const sinceSettled = now.getTime() - settledAt.getTime();
  const gap = Math.max(rail.returnPollIntervalMs, sinceSettled);
  return new Date(Math.min(now.getTime() + gap, settledAt.getTime() + rail.returnWindowMs));
};

/** Debited, waiting for the rail to take it. */
export const isAwaitingSubmission = (withdrawal: Withdrawal): boolean =>
  withdrawal.status === 'PENDING' && withdrawal.debited && withdrawal.railReference === null;

/** Transitions from a state checked under lock cannot be illegal; if one is, it is a bug worth a rollback. */
export function must<T>(result: { ok: true; value: T } | { ok: false; error: { message: string } }): T {
  if (!result.ok) throw new Error(result.error.message);
  return result.value;
}
