import type { Principal } from '../../../ports/token-verifier.port.js';
import type { UnitOfWork } from '../../../ports/unit-of-work.port.js';
import { domainError, MESSAGES } from '../../../shared/domain-error.js';
import { isUuid } from '../../../shared/request-field.js';
import { err, ok, type Result } from '../../../shared/result.js';
import type { Withdrawal } from '../../../withdrawal/withdrawal.js';
import { canRead, isReader } from './transaction-access.js';

export interface TransactionView {
  readonly id: string;
  readonly status: Withdrawal['status'];
  readonly flow: Withdrawal['flow'];
  /** The payout amount; `total` is what was debited (amount + fees). */
  readonly amount: string;
  readonly fees: string;
  readonly total: string;
  readonly currency: 'USD';
  readonly rail: Withdrawal['rail'];
  readonly linkedAccountId: string;
  readonly reason: string | null;
  readonly failureReason: string | null;
  readonly createdAt: string;
  readonly updatedAt: string;
  readonly history: readonly {
    readonly sequence: number;
    readonly status: Withdrawal['status'];
    readonly previousStatus: Withdrawal['status'] | null;
    readonly reason: string | null;
    /**
     * The reason an operator gave with the approval or rejection that made this change. Who decided is kept on
     * the change and in the operator audit log, not shown to merchants or their users.
     */
    readonly decisionReason: string | null;
    readonly at: string;
  }[];
}

export const toTransactionView = (w: Withdrawal): TransactionView => ({
  id: w.id,
  status: w.status,
  flow: w.flow,
  amount: w.amount.toString(),
  fees: w.fees.toString(),
  total: w.total.toString(),
  currency: w.currency,
  rail: w.rail,
  linkedAccountId: w.linkedAccountId,
  reason: w.reason,
  failureReason: w.failureReason,
  createdAt: w.createdAt.toISOString(),
  updatedAt: w.updatedAt.toISOString(),
  history: w.history.map((c) => ({
    sequence: c.sequence,
    status: c.status,
    previousStatus: c.previousStatus,
    reason: c.reason,
    decisionReason: c.decisionReason,
    at: c.at.toISOString(),
  })),
});

/** docs/product.md §8: the status lookup the spec refers to. */
export class GetTransaction {
  constructor(private readonly deps: { readonly unitOfWork: UnitOfWork }) {}

  async execute(principal: Principal, transactionId: string): Promise<Result<TransactionView>> {
    if (!isReader(principal)) return err(domainError('UNAUTHORIZED', MESSAGES.UNAUTHORIZED));
    const withdrawal = isUuid(transactionId)
      ? await (await this.deps.unitOfWork.readFor(principal)).withdrawals.findById(transactionId)
      : null;
    if (!withdrawal || !canRead(principal, withdrawal, true))
      return err(domainError('TRANSACTION_NOT_FOUND', MESSAGES.TRANSACTION_NOT_FOUND));
    return ok(toTransactionView(withdrawal));
  }
}
