import { railEnabled } from '../../policy/routing-table.js';
import type { Principal } from '../../ports/token-verifier.port.js';
import { type DomainError, domainError, MESSAGES } from '../../shared/domain-error.js';
import { err, ok, type Result } from '../../shared/result.js';
import { FAILURE_REASONS } from '../../withdrawal/failure-reason.js';
import { markDebited, transitionWithdrawal, type Withdrawal } from '../../withdrawal/withdrawal.js';
import { storedOrThrown } from './commit-outcome.js';
import { debitAndStore, dispatchFirstAttempt, type WithdrawalFlowDeps } from './debit-and-dispatch.js';
import { moveWithdrawal } from './move-withdrawal.js';
import type { WithdrawalReceipt } from './withdrawal-receipt.js';

const notFound = (): DomainError => domainError('TRANSACTION_NOT_FOUND', MESSAGES.TRANSACTION_NOT_FOUND);

/** The operator's decision on a withdrawal awaiting approval (PRODUCT.md §5, §8). */
export class DecideWithdrawal {
  constructor(private readonly deps: WithdrawalFlowDeps) {}

  /** Re-checks funds, debits, then continues exactly like a fresh request. */
  async approve(principal: Principal, withdrawalId: string): Promise<Result<WithdrawalReceipt>> {
    const { unitOfWork, clock } = this.deps;
    const now = clock.now();
    // Debited as stored means approved: by this request, or by another operator's at the same moment.
    const approved = await storedOrThrown(
      unitOfWork,
      withdrawalId,
      (stored) => stored.debited,
      () =>
        unitOfWork.run(async (tx): Promise<Result<Withdrawal>> => {
          const decided = await lockForDecision(tx.withdrawals.lockById(withdrawalId), principal);
          if (!decided.ok) return decided;
          const enabled = railEnabled(this.deps.rails, decided.value.rail);
          if (!enabled.ok) return enabled;
          const moved = transitionWithdrawal(decided.value, 'PENDING', now);
          if (!moved.ok) return moved;
          return debitAndStore(tx, this.deps, markDebited(moved.value.withdrawal), decided.value, now);
        }),
    );
    if (!approved.ok) return approved;
    return dispatchFirstAttempt(this.deps, approved.value);
  }

  /** Ends the withdrawal FAILED "Payment was cancelled." with nothing debited, so nothing to reverse. */
  async reject(
    principal: Principal,
    withdrawalId: string,
    _reason: string | null,
  ): Promise<Result<Withdrawal>> {
    const { unitOfWork, clock, ids } = this.deps;
    return unitOfWork.run(async (tx) => {
      const decided = await lockForDecision(tx.withdrawals.lockById(withdrawalId), principal);
      if (!decided.ok) return decided;
      return moveWithdrawal(tx, ids, decided.value, 'FAILED', clock.now(), FAILURE_REASONS.CANCELLED);
    });
  }
}

/**
 * Four eyes compare subjects whatever their letter case: the HTTP edge lower-cases a subject that is a UUID, but a
 * withdrawal requested before it did, or a subject of another form, may be spelt otherwise; refusing a look-alike
 * only sends the decision to another operator, while accepting one would let a requester approve itself.
 */
const sameSubject = (a: string, b: string): boolean => a.toLowerCase() === b.toLowerCase();

async function lockForDecision(
  locked: Promise<Withdrawal | null>,
  principal: Principal,
): Promise<Result<Withdrawal>> {
  if (!principal.scopes.has('operator')) return err(domainError('UNAUTHORIZED', MESSAGES.UNAUTHORIZED));
  const withdrawal = await locked;
  if (!withdrawal) return err(notFound());
  if (withdrawal.status !== 'AWAITING_APPROVAL')
    return err(
      domainError('ILLEGAL_TRANSITION', `A ${withdrawal.status} withdrawal is not awaiting approval`),
    );
  if (sameSubject(withdrawal.requestedBy, principal.subject))
    return err(domainError('APPROVER_IS_REQUESTER', 'The approver must not be the requester'));
  return ok(withdrawal);
}
