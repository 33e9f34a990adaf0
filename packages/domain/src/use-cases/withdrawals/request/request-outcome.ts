import { CommitOutcomeUnknownError, type UnitOfWork } from '../../../ports/unit-of-work.port.js';
import { MESSAGES } from '../../../shared/domain-error.js';
import { ok, type Result } from '../../../shared/result.js';
import type { Withdrawal } from '../../../withdrawal/withdrawal.js';
import type { DispatchOutcome } from '../submit/rail-dispatcher.js';

// What a withdrawal request, or an operator's decision on one, answers: the withdrawal as its transaction stored
// it (read back when the COMMIT's answer was lost) and the spec's status text.

export interface WithdrawalReceipt {
  readonly withdrawal: Withdrawal;
  /** The spec's status text; "Payment queued" when the rail could not be reached and a retry is scheduled. */
  readonly message: string;
}

const STATUS_MESSAGES = {
  AWAITING_APPROVAL: 'Withdrawal awaiting approval',
  PENDING: 'Withdrawal is being processed',
  PROCESSING_PAY_OUT: 'Withdrawal is being processed',
  SUCCESS: 'Withdrawal successful',
  FAILED: 'Withdrawal failed',
} as const;

export function receiptFor(withdrawal: Withdrawal, outcome: DispatchOutcome | null): WithdrawalReceipt {
  const queued = outcome?.kind === 'UNAVAILABLE';
  return { withdrawal, message: queued ? MESSAGES.PAYMENT_QUEUED : STATUS_MESSAGES[withdrawal.status] };
}

/**
 * Thrown when a withdrawal's transaction lost its COMMIT's answer and reading it back did not tell either (the
 * store still unreachable): it may be stored, and if it is, it was debited with its safety-net check, so the
 * worker submits it. The caller learns its id, to look it up before trying again.
 */
export class WithdrawalOutcomeUnknownError extends Error {
  constructor(
    readonly withdrawalId: string,
    override readonly cause: unknown,
  ) {
    super(`withdrawal ${withdrawalId}: whether it was stored is unknown`);
    this.name = 'WithdrawalOutcomeUnknownError';
  }
}

/**
 * Runs `transaction`, which stores the withdrawal `withdrawalId` (and debits it), and answers what it did even when
 * its COMMIT's answer was lost: the withdrawal is read back by id (bounded in time, see UnitOfWork.readBack), and
 * if `stored` recognises this transaction's write in it, the transaction committed and the withdrawal as stored is
 * the answer. Otherwise the original fault is thrown (nothing was stored, nothing moved); a read-back that cannot
 * tell throws WithdrawalOutcomeUnknownError. Any other thrown fault (the transaction rolled back) passes as it is.
 */
export async function storedOrThrown<E>(
  unitOfWork: UnitOfWork,
  withdrawalId: string,
  stored: (withdrawal: Withdrawal) => boolean,
  transaction: () => Promise<Result<Withdrawal, E>>,
): Promise<Result<Withdrawal, E>> {
  try {
    return await transaction();
  } catch (error) {
    if (!(error instanceof CommitOutcomeUnknownError)) throw error;
    let found: Withdrawal | null;
    try {
      found = await unitOfWork.readBack((read) => read.withdrawals.findById(withdrawalId));
    } catch {
      throw new WithdrawalOutcomeUnknownError(withdrawalId, error);
    }
    if (found && stored(found)) return ok(found);
    throw error;
  }
}
