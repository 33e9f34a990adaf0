import type { TransactionScope, UnitOfWork } from '../../../ports/unit-of-work.port.js';
import type { Withdrawal } from '../../../withdrawal/withdrawal.js';

/**
 * Runs `work` in a transaction on `withdrawal` as it is stored now, locked: what the caller read or wrote last
 * may be stale (a lease ran out, an operator acted, another worker moved it). `missing` is the result when the
 * withdrawal no longer exists.
 */
export function onLatestWithdrawal<T>(
  unitOfWork: UnitOfWork,
  withdrawal: Withdrawal,
  work: (tx: TransactionScope, current: Withdrawal) => Promise<T>,
  missing: T,
): Promise<T> {
  return unitOfWork.run(async (tx) => {
    const current = await tx.withdrawals.lockById(withdrawal.id);
    return current ? work(tx, current) : missing;
  });
}
