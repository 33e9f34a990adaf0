import { checkAt, type Withdrawal } from '../../../withdrawal/withdrawal.js';
import { onLatestWithdrawal } from '../status-change/move-withdrawal.js';
import type { WithdrawalFlowDeps } from '../submit/debit-and-dispatch.js';
import { isAwaitingSubmission } from '../submit/rail-dispatcher.js';
import { SubmitWithdrawal } from '../submit/submit-withdrawal.handler.js';
import { SAFETY_NET_MARGIN_MS } from '../withdrawal-settings.js';
import { PollWithdrawal } from './poll-withdrawal.handler.js';

/**
 * The worker side of the withdrawal work queue: withdrawals whose `nextCheckAt` is due. Each gets what its
 * state calls for: a submission attempt when it is debited and not yet accepted, a status poll when it is
 * submitted and not final (or inside its rail's return window), else it is unscheduled. Claims are leased
 * for longer than a rail call may take, so any number of workers share the queue.
 */
export class DueWithdrawals {
  private readonly submit: SubmitWithdrawal;
  private readonly poll: PollWithdrawal;

  constructor(private readonly deps: WithdrawalFlowDeps) {
    this.submit = new SubmitWithdrawal(deps);
    this.poll = new PollWithdrawal(deps);
  }

  /** Claims up to `limit` due withdrawals for this worker for one lease, as they were when claimed. */
  async claimDue(limit: number): Promise<readonly Withdrawal[]> {
    const { unitOfWork, clock, settings } = this.deps;
    const now = clock.now();
    const leaseUntil = new Date(now.getTime() + settings.railTimeoutMs + SAFETY_NET_MARGIN_MS);
    return unitOfWork.read.withdrawals.claimDue(now, leaseUntil, limit);
  }

  /** Works a claimed withdrawal; every change it makes is to the withdrawal as stored, locked. */
  async handle(withdrawal: Withdrawal): Promise<void> {
    if (isAwaitingSubmission(withdrawal))
      return this.submit.handle(withdrawal.id, withdrawal.submitAttempts + 1);
    if (this.poll.isPollable(withdrawal)) return this.poll.pollClaimed(withdrawal);
    await onLatestWithdrawal(
      this.deps.unitOfWork,
      withdrawal,
      async (tx, current) => {
        if (current.nextCheckAt && !isAwaitingSubmission(current) && !this.poll.isPollable(current))
          await tx.withdrawals.update(checkAt(current, null), current.sequence);
      },
      undefined,
    );
  }
}
