import { FAILURE_REASONS } from '../../../withdrawal/failure-reason.js';
import { moveWithdrawal } from '../status-change/move-withdrawal.js';
import type { WithdrawalFlowDeps } from '../submit/debit-and-dispatch.js';
import { must } from '../submit/rail-dispatcher.js';

/** Job `withdrawal.expire-approval`: no decision within the approval TTL cancels, with nothing debited. */
export class ExpireApproval {
  constructor(private readonly deps: WithdrawalFlowDeps) {}

  async handle(withdrawalId: string): Promise<void> {
    const { unitOfWork, clock, ids } = this.deps;
    await unitOfWork.run(async (tx) => {
      const withdrawal = await tx.withdrawals.lockById(withdrawalId);
      if (withdrawal?.status !== 'AWAITING_APPROVAL' || !withdrawal.approvalExpiresAt) return;
      const now = clock.now();
      if (withdrawal.approvalExpiresAt.getTime() > now.getTime()) {
        await tx.jobs.enqueue(
          { name: 'withdrawal.expire-approval', withdrawalId },
          { startAfter: withdrawal.approvalExpiresAt },
        );
        return;
      }
      must(await moveWithdrawal(tx, ids, withdrawal, 'FAILED', now, FAILURE_REASONS.CANCELLED));
    });
  }
}
