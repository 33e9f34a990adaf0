import type { Principal } from '../../../ports/token-verifier.port.js';
import { domainError, MESSAGES } from '../../../shared/domain-error.js';
import { err, ok, type Result } from '../../../shared/result.js';
import { checkAt, type Withdrawal } from '../../../withdrawal/withdrawal.js';
import { requireOperator } from '../../operator/operator-deps.js';
import { recordAudit } from '../../operator/record-audit.js';
import type { WithdrawalFlowDeps } from '../submit/debit-and-dispatch.js';
import { attemptMayBeUnderWay } from '../withdrawal-settings.js';

/**
 * `POST /v1/operator/withdrawals/:id/check`: its next check now instead of at its backoff's end, once an operator
 * has fixed what kept its rail from answering (credentials, balance, an outage). A worker then makes the next
 * submission attempt of a payout no rail has accepted yet, or asks the rail how one it took is doing (a return,
 * within the watch). Only a scheduled withdrawal has a check to bring forward; one whose check may be under way, or
 * is due within a lease anyway, is refused (409 CONFLICT).
 */
export class CheckWithdrawalNow {
  constructor(private readonly deps: WithdrawalFlowDeps) {}

  async execute(
    principal: Principal,
    withdrawalId: string,
    reason: string | null = null,
  ): Promise<Result<Withdrawal>> {
    const allowed = requireOperator(principal);
    if (!allowed.ok) return allowed;
    const { unitOfWork, clock, settings } = this.deps;
    return unitOfWork.run(async (tx): Promise<Result<Withdrawal>> => {
      const now = clock.now();
      const withdrawal = await tx.withdrawals.lockById(withdrawalId);
      if (!withdrawal) return err(domainError('TRANSACTION_NOT_FOUND', MESSAGES.TRANSACTION_NOT_FOUND));
      if (withdrawal.nextCheckAt === null)
        return err(domainError('ILLEGAL_TRANSITION', MESSAGES.NO_CHECK_TO_BRING_FORWARD(withdrawal.status)));
      if (attemptMayBeUnderWay(withdrawal, now, settings))
        return err(domainError('CONFLICT', MESSAGES.CHECK_UNDER_WAY));
      const due = checkAt(withdrawal, now);
      await tx.withdrawals.update(due, withdrawal.sequence);
      await recordAudit(tx, this.deps, principal, 'WITHDRAWAL_CHECK_REQUESTED', withdrawal.id, {
        nextCheckAt: withdrawal.nextCheckAt.toISOString(),
        reason,
      });
      return ok(due);
    }, principal);
  }
}
