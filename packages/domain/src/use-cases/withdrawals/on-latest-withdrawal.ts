import type { TransactionScope, UnitOfWork } from '../../ports/unit-of-work.port.js';
import { ConcurrentModificationError } from '../../ports/withdrawal-repository.port.js';
import type { Withdrawal } from '../../withdrawal/withdrawal.js';

/**
 * Runs `work` in a transaction on the withdrawal as it is stored now, locked. Optimistically first: `read` (what
 * the caller last read or wrote) is locked only if it is unchanged, in the same round trip as the writes `work`
 * makes, so a transaction that only writes costs one round trip. If the withdrawal changed meanwhile (a lease
 * ran out, an operator acted), that attempt rolls back and `work` runs again on a fresh locked read.
 * `missing` is the result when the withdrawal no longer exists.
 */
export async function onLatestWithdrawal<T>(
  unitOfWork: UnitOfWork,
  read: Withdrawal,
  work: (tx: TransactionScope, current: Withdrawal) => Promise<T>,
  missing: T,
): Promise<T> {
  try {
    return await unitOfWork.run(async (tx) => {
      await tx.withdrawals.lockIfUnchanged(read);
      return work(tx, read);
    });
  } catch (error) {
    if (!(error instanceof ConcurrentModificationError) || error.withdrawalId !== read.id) throw error;
  }
  return unitOfWork.run(async (tx) => {
    const current = await tx.withdrawals.lockById(read.id);
    return current ? work(tx, current) : missing;
  });
}
