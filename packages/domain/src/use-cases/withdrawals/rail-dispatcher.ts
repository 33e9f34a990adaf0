import type { Entity } from '../../entity/entity.js';
import type { LinkedAccount } from '../../linked-account/linked-account.js';
import type { Clock } from '../../ports/clock.port.js';
import type { IdGenerator } from '../../ports/id-generator.port.js';
import type { RailSubmitResult } from '../../ports/payout-rail.port.js';
import type { RailRegistry } from '../../ports/rail-registry.port.js';
import type { TransactionScope, UnitOfWork } from '../../ports/unit-of-work.port.js';
import { RAILS_WITH_PROCESSING_STATE } from '../../rails/rail-id.js';
import { FAILURE_REASONS } from '../../withdrawal/failure-reason.js';
import { markSubmitted, recordSubmitAttempt, type Withdrawal } from '../../withdrawal/withdrawal.js';
import { moveWithdrawal } from './move-withdrawal.js';
import { submitRetryDelay, type WithdrawalSettings } from './withdrawal-settings.js';

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

  /**
   * `scheduleRetry` is false for the request's own first attempt: its retry is the safety-net job already
   * committed with the withdrawal, so an unavailable rail never leaves two retries queued.
   */
  async submit(withdrawalId: string, attempt: number, scheduleRetry = true): Promise<DispatchOutcome> {
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
    return this.submitClaimed(claimed.withdrawal, claimed.account, attempt, scheduleRetry);
  }

  /**
   * Calls the rail for an attempt already recorded on the withdrawal (the request records attempt 1 in the
   * transaction that debits), then applies the answer. `entity`, when the caller holds it, saves a read.
   */
  async submitClaimed(
    withdrawal: Withdrawal,
    account: LinkedAccount,
    attempt: number,
    scheduleRetry: boolean,
    entity: Entity | null = null,
  ): Promise<DispatchOutcome> {
    const result = await this.deps.rails.get(withdrawal.rail).submit({
      withdrawalId: withdrawal.id,
      attempt,
      amount: withdrawal.amount,
      currency: withdrawal.currency,
      destination: { kind: account.kind, details: account.destination },
      description: withdrawal.reason ?? `Payout ${withdrawal.id}`,
    });
    return this.deps.unitOfWork.run(async (tx) => {
      const current = await tx.withdrawals.lockById(withdrawal.id);
      if (!current || !isAwaitingSubmission(current)) return { kind: 'SKIPPED' } as const;
      return {
        kind: result.kind,
        withdrawal: await this.apply(tx, current, result, attempt, scheduleRetry, entity),
      };
    });
  }

  private async apply(
    tx: TransactionScope,
    withdrawal: Withdrawal,
    result: RailSubmitResult,
    attempt: number,
    scheduleRetry: boolean,
    entity: Entity | null,
  ): Promise<Withdrawal> {
    const { ids, clock, settings, rails } = this.deps;
    const now = clock.now();
    const rail = rails.get(withdrawal.rail);
    switch (result.kind) {
      case 'REJECTED':
        return must(await moveWithdrawal(tx, ids, withdrawal, 'FAILED', now, result.reason, entity));
      case 'UNAVAILABLE': {
        if (attempt >= settings.maxSubmitAttempts)
          return must(
            await moveWithdrawal(tx, ids, withdrawal, 'FAILED', now, FAILURE_REASONS.GENERAL, entity),
          );
        if (!scheduleRetry) return withdrawal;
        const next = attempt + 1;
        await tx.jobs.enqueue(
          { name: 'withdrawal.submit', withdrawalId: withdrawal.id, attempt: next },
          { startAfter: new Date(now.getTime() + submitRetryDelay(settings, next)) },
        );
        return withdrawal;
      }
      case 'ACCEPTED':
      case 'SETTLED': {
        const submitted = markSubmitted(withdrawal, result.reference, now);
        const moves = RAILS_WITH_PROCESSING_STATE.has(submitted.rail) || result.kind === 'SETTLED';
        // A status move writes the whole withdrawal, reference included; only a silent acceptance writes it here.
        if (!moves) await tx.withdrawals.update(submitted, withdrawal.sequence);
        let moved = submitted;
        if (RAILS_WITH_PROCESSING_STATE.has(moved.rail))
          moved = must(await moveWithdrawal(tx, ids, moved, 'PROCESSING_PAY_OUT', now, null, entity));
        if (result.kind === 'SETTLED')
          moved = must(await moveWithdrawal(tx, ids, moved, 'SUCCESS', now, null, entity));
        if (result.kind === 'ACCEPTED' || rail.returnWindowMs > 0)
          await tx.jobs.enqueue(
            { name: 'withdrawal.poll', withdrawalId: withdrawal.id },
            { startAfter: new Date(now.getTime() + rail.pollIntervalMs) },
          );
        return moved;
      }
    }
  }
}

/** Debited, waiting for the rail to take it. */
const isAwaitingSubmission = (withdrawal: Withdrawal): boolean =>
  withdrawal.status === 'PENDING' && withdrawal.debited && withdrawal.railReference === null;

/** Transitions from a state checked under lock cannot be illegal; if one is, it is a bug worth a rollback. */
export function must<T>(result: { ok: true; value: T } | { ok: false; error: { message: string } }): T {
  if (!result.ok) throw new Error(result.error.message);
  return result.value;
}
