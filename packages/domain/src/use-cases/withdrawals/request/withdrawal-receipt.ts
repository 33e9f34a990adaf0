import { MESSAGES } from '../../../shared/domain-error.js';
import type { Withdrawal } from '../../../withdrawal/withdrawal.js';
import type { DispatchOutcome } from '../submit/rail-dispatcher.js';

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
