import type { AuditEntry } from '../../../audit/audit-entry.js';
import type { Principal } from '../../../ports/token-verifier.port.js';
import type { TransactionScope } from '../../../ports/unit-of-work.port.js';
import { railEnabled, railOf } from '../../../rails/rail-registry.js';
import { type DomainError, domainError, MESSAGES } from '../../../shared/domain-error.js';
import { err, ok, type Result } from '../../../shared/result.js';
import { FAILURE_REASONS } from '../../../withdrawal/failure-reason.js';
import {
  checkAt,
  markDebited,
  transitionWithdrawal,
  type Withdrawal,
  type WithdrawalDecision,
} from '../../../withdrawal/withdrawal.js';
import { requireOperator } from '../../operator/operator-deps.js';
import { recordAudit } from '../../operator/record-audit.js';
import { writingFor } from '../../writing-for.js';
import { storedOrThrown, type WithdrawalReceipt } from '../request/request-outcome.js';
import { moveWithdrawal } from '../status-change/move-withdrawal.js';
import {
  debitAndStore,
  dispatchFirstAttempt,
  type WithdrawalFlowDeps,
} from '../submit/debit-and-dispatch.js';
import { isAwaitingSubmission } from '../submit/rail-dispatcher.js';
import { attemptMayBeUnderWay } from '../withdrawal-settings.js';

const notFound = (): DomainError => domainError('TRANSACTION_NOT_FOUND', MESSAGES.TRANSACTION_NOT_FOUND);

/** The operator's decision on a withdrawal awaiting approval (docs/product.md §5, §8). */
export class DecideWithdrawal {
  constructor(private readonly deps: WithdrawalFlowDeps) {}

  /**
   * Re-checks funds, debits, then continues exactly like a fresh request. Who approved, and why when a reason is
   * given, is kept on the status change to PENDING and in the audit log, in the transaction of the debit.
   */
  async approve(
    principal: Principal,
    withdrawalId: string,
    reason: string | null = null,
  ): Promise<Result<WithdrawalReceipt>> {
    const { clock } = this.deps;
    const unitOfWork = writingFor(this.deps.unitOfWork, principal);
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
          const decision: WithdrawalDecision = { by: principal.subject, reason };
          const moved = transitionWithdrawal(decided.value, 'PENDING', now, null, decision);
          if (!moved.ok) return moved;
          const stored = await debitAndStore(
            tx,
            this.deps,
            markDebited(moved.value.withdrawal),
            decided.value,
            now,
          );
          if (stored.ok)
            await auditDecision(tx, this.deps, principal, 'WITHDRAWAL_APPROVED', stored.value, reason);
          return stored;
        }),
    );
    if (!approved.ok) return approved;
    return dispatchFirstAttempt({ ...this.deps, unitOfWork }, approved.value);
  }

  /**
   * Ends the withdrawal FAILED "Payment was cancelled." with nothing debited, so nothing to reverse. Who rejected
   * it and why are kept on that status change and in the audit log.
   */
  async reject(
    principal: Principal,
    withdrawalId: string,
    reason: string | null = null,
  ): Promise<Result<Withdrawal>> {
    return this.endFailed(principal, withdrawalId, reason, {}, async (tx) =>
      lockForDecision(tx.withdrawals.lockById(withdrawalId), principal),
    );
  }

  /**
   * Ends FAILED ("Payment could not be processed.") a debited withdrawal that no rail has accepted, reversing its
   * debit: for a payout whose submission stays unanswered. Where its provider can be asked (`findPayout`), it must
   * first confirm that it holds no payout under the withdrawal's key: one it holds refuses the fail (409
   * ILLEGAL_TRANSITION), no answer refuses it too (409 CONFLICT) unless `force`, the operator's word that they
   * checked there themselves. Where it cannot be asked, the operator's word stands. The audit entry says which
   * (docs/decisions/0010-unknown-outcomes-end-on-the-providers-word.md).
   * Refused while an attempt may be waiting for its rail's answer (409 CONFLICT): that answer could be the payout's
   * acceptance.
   */
  async fail(
    principal: Principal,
    withdrawalId: string,
    reason: string | null = null,
    force = false,
  ): Promise<Result<Withdrawal>> {
    const allowed = requireOperator(principal);
    if (!allowed.ok) return allowed;
    const { clock, settings } = this.deps;
    const confirmed = force ? ok('operator' as const) : await this.noPayoutAtProvider(withdrawalId);
    if (!confirmed.ok) return confirmed;
    const audit = { noPayoutConfirmedBy: confirmed.value };
    return this.endFailed(principal, withdrawalId, reason, audit, async (tx) => {
      const withdrawal = await tx.withdrawals.lockById(withdrawalId);
      if (!withdrawal) return err(notFound());
      if (!isAwaitingSubmission(withdrawal))
        return err(
          domainError(
            'ILLEGAL_TRANSITION',
            MESSAGES.CANNOT_BE_FAILED(withdrawal.status, Boolean(withdrawal.railReference)),
          ),
        );
      if (attemptMayBeUnderWay(withdrawal, clock.now(), settings))
        return err(domainError('CONFLICT', MESSAGES.SUBMISSION_MAY_BE_UNDER_WAY));
      return ok(checkAt(withdrawal, null));
    });
  }

  /**
   * Whether the withdrawal's provider confirms it holds no payout under its key (`provider`), or cannot be asked
   * and the operator's word stands (`operator`). A withdrawal the locked read will refuse anyway is not asked about.
   */
  private async noPayoutAtProvider(withdrawalId: string): Promise<Result<'provider' | 'operator'>> {
    const stored = await this.deps.unitOfWork.read.withdrawals.findById(withdrawalId);
    if (!stored || !isAwaitingSubmission(stored)) return ok('operator');
    const rail = railOf(this.deps.rails, stored);
    if (!rail.findPayout) return ok('operator');
    const found = await rail.findPayout(stored.id);
    switch (found.kind) {
      case 'NONE':
        return ok('provider');
      case 'FOUND':
        return err(
          domainError('ILLEGAL_TRANSITION', MESSAGES.PROVIDER_HOLDS_PAYOUT(rail.provider, found.reference)),
        );
      case 'UNAVAILABLE':
        return err(domainError('CONFLICT', MESSAGES.PROVIDER_CANNOT_CONFIRM(rail.provider, found.detail)));
    }
  }

  /**
   * Ends FAILED, in one transaction, the withdrawal `locked` locks and allows, with who decided and why kept on the
   * change and in the audit log: "Payment was cancelled." when nothing was debited (a rejection), else "Payment
   * could not be processed." with its debit reversed. A lost COMMIT answer is read back: the withdrawal FAILED by
   * this operator as stored means this decision committed.
   */
  private endFailed(
    principal: Principal,
    withdrawalId: string,
    reason: string | null,
    audit: AuditEntry['changes'],
    locked: (tx: TransactionScope) => Promise<Result<Withdrawal>>,
  ): Promise<Result<Withdrawal>> {
    const { clock, ids } = this.deps;
    const unitOfWork = writingFor(this.deps.unitOfWork, principal);
    const endedHere = (stored: Withdrawal) =>
      stored.status === 'FAILED' && stored.history.at(-1)?.decidedBy === principal.subject;
    return storedOrThrown(unitOfWork, withdrawalId, endedHere, () =>
      unitOfWork.run(async (tx): Promise<Result<Withdrawal>> => {
        const decided = await locked(tx);
        if (!decided.ok) return decided;
        const { debited } = decided.value;
        const failure = debited ? FAILURE_REASONS.GENERAL : FAILURE_REASONS.CANCELLED;
        const decision = { by: principal.subject, reason };
        const moved = await moveWithdrawal(
          tx,
          ids,
          decided.value,
          'FAILED',
          clock.now(),
          failure,
          null,
          decision,
        );
        const action = debited ? 'WITHDRAWAL_FAILED' : 'WITHDRAWAL_REJECTED';
        if (moved.ok) await auditDecision(tx, this.deps, principal, action, moved.value, reason, audit);
        return moved;
      }),
    );
  }
}

function auditDecision(
  tx: TransactionScope,
  deps: WithdrawalFlowDeps,
  principal: Principal,
  action: 'WITHDRAWAL_APPROVED' | 'WITHDRAWAL_REJECTED' | 'WITHDRAWAL_FAILED',
  withdrawal: Withdrawal,
  reason: string | null,
  more: AuditEntry['changes'] = {},
): Promise<void> {
  return recordAudit(tx, deps, principal, action, withdrawal.id, {
    status: withdrawal.status,
    reason,
    ...more,
  });
}

/**
 * Four eyes compare subjects whatever their letter case: the HTTP edge gives every subject in lower case
 * (principal-claims.ts), but a withdrawal requested before it did may hold its requester as the issuer spelt it;
 * refusing a look-alike only sends the decision to another operator, while accepting one would let a requester
 * approve itself.
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
    return err(domainError('ILLEGAL_TRANSITION', MESSAGES.NOT_AWAITING_APPROVAL(withdrawal.status)));
  if (sameSubject(withdrawal.requestedBy, principal.subject))
    return err(domainError('APPROVER_IS_REQUESTER', MESSAGES.APPROVER_IS_REQUESTER));
  return ok(withdrawal);
}
