import { PollWithdrawal } from '../use-cases/withdrawals/poll/poll-withdrawal.handler.js';
import type { WithdrawalFlowDeps } from '../use-cases/withdrawals/submit/debit-and-dispatch.js';

/**
 * A status poll of a stored withdrawal by id, as a worker's claim would hand it to `pollClaimed` (production polls
 * only what it claims). `poll` is the handler to use, when a test races several polls through one.
 */
export async function pollStored(
  deps: WithdrawalFlowDeps,
  withdrawalId: string,
  poll = new PollWithdrawal(deps),
): Promise<void> {
  const { read } = deps.unitOfWork;
  const withdrawal = await read.withdrawals.findById(withdrawalId);
  if (!withdrawal) return;
  await poll.pollClaimed(withdrawal);
}
