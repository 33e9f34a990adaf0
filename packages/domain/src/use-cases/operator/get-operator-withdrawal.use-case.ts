import type { LinkedAccount } from '../../linked-account/linked-account.js';
import type { Principal } from '../../ports/token-verifier.port.js';
import type { UnitOfWork } from '../../ports/unit-of-work.port.js';
import { domainError, MESSAGES } from '../../shared/domain-error.js';
import { isUuid } from '../../shared/request-field.js';
import { err, ok, type Result } from '../../shared/result.js';
import type { Withdrawal } from '../../withdrawal/withdrawal.js';
import { type UnusableView, unusableView } from '../accounts/operator-linked-accounts.use-case.js';
import { type TransactionView, toTransactionView } from '../withdrawals/reads/get-transaction.use-case.js';
import { requireOperator } from './operator-deps.js';

/**
 * A linked account as an investigation shows it: its last four digits, never an account or card number; and
 * whether a return marked it unusable.
 */
export type MaskedLinkedAccount = Pick<
  LinkedAccount,
  'id' | 'kind' | 'optionType' | 'label' | 'counterPartyName' | 'lastFourDigits'
> & { readonly unusable: UnusableView | null };

/** What the rail was told and answered. */
export interface RailFacts {
  /** Who served its rail when it was debited, and is the only provider it is sent to or asked about. */
  readonly provider: string | null;
  readonly submitAttempts: number;
  /** The provider's reference for the payout, once the rail accepted it. */
  readonly railReference: string | null;
  /** The provider's own failure code (an ACH R code, an RTP reject reason), when it gave one. */
  readonly failureCode: string | null;
  readonly submittedAt: string | null;
  /** When a worker next submits or polls it; null when nothing is scheduled. */
  readonly nextCheckAt: string | null;
}

/** The approval of a withdrawal that was held for one: when it lapses, and who decided, when and why. */
export interface ApprovalFacts {
  readonly expiresAt: string | null;
  readonly decidedBy: string | null;
  readonly decidedAt: string | null;
  readonly decisionReason: string | null;
}

export interface OperatorWithdrawalDetail extends Omit<TransactionView, 'history'> {
  readonly merchantId: string;
  readonly entityId: string;
  readonly walletId: string;
  readonly requestedBy: string;
  readonly debited: boolean;
  readonly reversed: boolean;
  readonly history: readonly (TransactionView['history'][number] & { readonly decidedBy: string | null })[];
  readonly railFacts: RailFacts;
  /** Null when the withdrawal was never held for approval. */
  readonly approval: ApprovalFacts | null;
  /** Null when the account is no longer on record. */
  readonly linkedAccount: MaskedLinkedAccount | null;
}

const approvalOf = (w: Withdrawal): ApprovalFacts | null => {
  if (w.history[0]?.status !== 'AWAITING_APPROVAL') return null;
  const decision = w.history.find((change) => change.decidedBy !== null);
  return {
    expiresAt: w.approvalExpiresAt?.toISOString() ?? null,
    decidedBy: decision?.decidedBy ?? null,
    decidedAt: decision?.at.toISOString() ?? null,
    decisionReason: decision?.decisionReason ?? null,
  };
};

const masked = (a: LinkedAccount): MaskedLinkedAccount => ({
  id: a.id,
  kind: a.kind,
  optionType: a.optionType,
  label: a.label,
  counterPartyName: a.counterPartyName,
  lastFourDigits: a.lastFourDigits,
  unusable: unusableView(a),
});

/** `GET /v1/operator/withdrawals/:id`: one withdrawal with everything an operator investigates it by. */
export class GetOperatorWithdrawal {
  constructor(private readonly deps: { readonly unitOfWork: UnitOfWork }) {}

  async execute(principal: Principal, withdrawalId: string): Promise<Result<OperatorWithdrawalDetail>> {
    const allowed = requireOperator(principal);
    if (!allowed.ok) return allowed;
    const read = await this.deps.unitOfWork.readFor(principal);
    const w = isUuid(withdrawalId) ? await read.withdrawals.findById(withdrawalId) : null;
    if (!w) return err(domainError('TRANSACTION_NOT_FOUND', MESSAGES.TRANSACTION_NOT_FOUND));
    const account = await read.linkedAccounts.findById(w.linkedAccountId);
    const view = toTransactionView(w);
    return ok({
      ...view,
      merchantId: w.merchantId,
      entityId: w.entityId,
      walletId: w.walletId,
      requestedBy: w.requestedBy,
      debited: w.debited,
      reversed: w.reversed,
      history: view.history.map((change, i) => ({ ...change, decidedBy: w.history[i]?.decidedBy ?? null })),
      railFacts: {
        provider: w.railProvider,
        submitAttempts: w.submitAttempts,
        railReference: w.railReference,
        failureCode: w.failureCode,
        submittedAt: w.submittedAt?.toISOString() ?? null,
        nextCheckAt: w.nextCheckAt?.toISOString() ?? null,
      },
      approval: approvalOf(w),
      linkedAccount: account ? masked(account) : null,
    });
  }
}
