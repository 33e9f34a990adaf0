import type { TransactionScope, UnitOfWork } from '../../ports/unit-of-work.port.js';
import type { Withdrawal } from '../../withdrawal/withdrawal.js';

/**
 * Runs `work` in a transaction on the withdrawal as it is stored now, locked: an answer that arrives after the
 * withdrawal changed (a lease ran out, an operator acted) is applied to what is stored, never to a stale copy.
 * `missing` is the result when the withdrawal no longer exists.
 */
export function onLatestWithdrawal<T>(
  unitOfWork: UnitOfWork,
  withdrawalId: string,
  work: (tx: TransactionScope, current: Withdrawal) => Promise<T>,
  missing: T,
): Promise<T> {
  return unitOfWork.run(async (tx) => {
    const current = await tx.withdrawals.lockById(withdrawalId);
    return current ? work(tx, current) : missing;
  });
}
