import type { Money } from '../money/money.js';
import type { RailId } from '../rails/rail-id.js';
import { type DomainError, domainError, MESSAGES } from '../shared/domain-error.js';
import { err, ok, type Result } from '../shared/result.js';
import type { FailureReason } from './failure-reason.js';

export const WITHDRAWAL_STATUSES = [
  'AWAITING_APPROVAL',
  'PENDING',
  'PROCESSING_PAY_OUT',
  'SUCCESS',
  'FAILED',
] as const;
export type WithdrawalStatus = (typeof WITHDRAWAL_STATUSES)[number];

/**
 * docs/product.md §6, the one transitions table. FAILED is reachable from every non-final state and from SUCCESS
 * (a return after settlement); FAILED is terminal.
 */
export const WITHDRAWAL_TRANSITIONS: Readonly<Record<WithdrawalStatus, readonly WithdrawalStatus[]>> = {
  AWAITING_APPROVAL: ['PENDING', 'FAILED'],
  PENDING: ['PROCESSING_PAY_OUT', 'SUCCESS', 'FAILED'],
  PROCESSING_PAY_OUT: ['SUCCESS', 'FAILED'],
  SUCCESS: ['FAILED'],
  FAILED: [],
};

export const canTransition = (from: WithdrawalStatus, to: WithdrawalStatus): boolean =>
  WITHDRAWAL_TRANSITIONS[from].includes(to);

/** The webhook and its lookup know four statuses: an awaiting withdrawal is shown as PENDING. */
export type WebhookStatus = Exclude<WithdrawalStatus, 'AWAITING_APPROVAL'>;
export const webhookStatusOf = (status: WithdrawalStatus): WebhookStatus =>
  status === 'AWAITING_APPROVAL' ? 'PENDING' : status;

export type WithdrawalFlow = 'PAYOUT' | 'PAYMENT';

/** One status change; its `sequence` numbers the withdrawal's history 1, 2, 3 … and its webhook events. */
export interface WithdrawalStatusChange {
  readonly sequence: number;
  readonly status: WithdrawalStatus;
  readonly previousStatus: WithdrawalStatus | null;
  readonly reason: FailureReason | null;
  readonly at: Date;
  /** The operator (`sub`) whose approval or rejection made this change; null for every other change. */
  readonly decidedBy: string | null;
  /** The reason the operator gave with that decision, if any. */
  readonly decisionReason: string | null;
}

/** An operator's approval or rejection, recorded on the status change it makes. */
export interface WithdrawalDecision {
  readonly by: string;
  readonly reason: string | null;
}

export interface Withdrawal {
  readonly id: string;
  readonly merchantId: string;
  readonly entityId: string;
  readonly linkedAccountId: string;
  /** The wallet that is (or will be) debited: the entity's SPEND wallet, or the merchant's for a MERCHANT_WALLET link. */
  readonly walletId: string;
  readonly flow: WithdrawalFlow;
  readonly rail: RailId;
  readonly currency: 'USD';
  readonly amount: Money;
  readonly fees: Money;
  readonly total: Money;
  /** The client's free-text reason or reference. */
  readonly reason: string | null;
  readonly status: WithdrawalStatus;
  readonly failureReason: FailureReason | null;
  /**
   * The provider's own code for the failure, when it gave one: an ACH return's R code, an RTP reject reason, a
   * PayPal error name. Shown beside the spec's reason as `payload.failureCode`.
   */
  readonly failureCode: string | null;
  readonly sequence: number;
  readonly history: readonly WithdrawalStatusChange[];
  /** Principal (`sub`) that requested it; an approver must be someone else. */
  readonly requestedBy: string;
  readonly applicationTokenId: string | null;
  readonly debited: boolean;
  readonly reversed: boolean;
  readonly railReference: string | null;
  /**
   * Who served its rail when it was debited (`PayoutRail.provider`): its submissions and status checks go to that
   * provider only, never to another one configured for the rail since. Null before the debit, and on rows stored
   * before it was recorded.
   */
  readonly railProvider: string | null;
  /** Rail submissions tried so far; the retry schedule and the sandbox's `.99` trigger count them. */
  readonly submitAttempts: number;
  /** When the rail accepted the payout: settlement is measured from here. */
  readonly submittedAt: Date | null;
  readonly approvalExpiresAt: Date | null;
  /**
   * When a worker should next look at it: to submit it to its rail (debited, not yet accepted) or to ask the
   * rail how it is doing (submitted, not final, or inside the return window). Null when nothing is scheduled.
   */
  readonly nextCheckAt: Date | null;
  readonly createdAt: Date;
  readonly updatedAt: Date;
}

/**
 * What a withdrawal is created with and keeps for life: its parties, rail and amounts. A store's update never
 * writes them (WithdrawalRepository.update).
 */
export const FIXED_WITHDRAWAL_FIELDS = [
  'id',
  'merchantId',
  'entityId',
  'linkedAccountId',
  'walletId',
  'flow',
  'rail',
  'currency',
  'amount',
  'fees',
  'total',
  'reason',
  'requestedBy',
  'applicationTokenId',
  'createdAt',
] as const satisfies readonly (keyof Withdrawal)[];

export type NewWithdrawal = Omit<
  Withdrawal,
  | 'status'
  | 'failureReason'
  | 'failureCode'
  | 'sequence'
  | 'history'
  | 'debited'
  | 'reversed'
  | 'railReference'
  | 'railProvider'
  | 'submitAttempts'
  | 'submittedAt'
  | 'nextCheckAt'
  | 'updatedAt'
>;

/** Creates the withdrawal in its first status, with history entry 1. */
export function createWithdrawal(
  fields: NewWithdrawal,
  status: 'AWAITING_APPROVAL' | 'PENDING',
  debited: boolean,
): Withdrawal {
  const change: WithdrawalStatusChange = {
    sequence: 1,
    status,
    previousStatus: null,
    reason: null,
    at: fields.createdAt,
    decidedBy: null,
    decisionReason: null,
  };
  return {
    ...fields,
    status,
    failureReason: null,
    failureCode: null,
    sequence: 1,
    history: [change],
    debited,
    reversed: false,
    railReference: null,
    railProvider: null,
    submitAttempts: 0,
    submittedAt: null,
    nextCheckAt: null,
    updatedAt: fields.createdAt,
  };
}

export interface TransitionOutcome {
  readonly withdrawal: Withdrawal;
  readonly change: WithdrawalStatusChange;
  /** True exactly once in a withdrawal's life: when it enters FAILED with its debit not yet reversed. */
  readonly reversalDue: boolean;
}

/** Moves a withdrawal along the transitions table. An illegal move is an error value, never a throw. */
export function transitionWithdrawal(
  withdrawal: Withdrawal,
  to: WithdrawalStatus,
  now: Date,
  failureReason: FailureReason | null = null,
  decision: WithdrawalDecision | null = null,
): Result<TransitionOutcome, DomainError> {
  if (!canTransition(withdrawal.status, to)) {
    return err(
      domainError('ILLEGAL_TRANSITION', MESSAGES.ILLEGAL_TRANSITION(withdrawal.status, to), {
        from: withdrawal.status,
        to,
      }),
    );
  }
  if (to === 'FAILED' && failureReason === null) throw new Error('a FAILED transition needs a reason');
  const change: WithdrawalStatusChange = {
    sequence: withdrawal.sequence + 1,
    status: to,
    previousStatus: withdrawal.status,
    reason: to === 'FAILED' ? failureReason : null,
    at: now,
    decidedBy: decision?.by ?? null,
    decisionReason: decision?.reason ?? null,
  };
  const reversalDue = to === 'FAILED' && withdrawal.debited && !withdrawal.reversed;
  return ok({
    withdrawal: {
      ...withdrawal,
      status: to,
      failureReason: change.reason,
      sequence: change.sequence,
      history: [...withdrawal.history, change],
      reversed: withdrawal.reversed || reversalDue,
      updatedAt: now,
    },
    change,
    reversalDue,
  });
}

/** Keeps the provider's code of a failure about to be recorded (see `failureCode`); none leaves it as it is. */
export const noteFailureCode = (withdrawal: Withdrawal, code: string | undefined): Withdrawal =>
  code ? { ...withdrawal, failureCode: code } : withdrawal;

/** Approval debits the wallet inside the same transaction that moves AWAITING_APPROVAL to PENDING. */
export const markDebited = (withdrawal: Withdrawal): Withdrawal => ({ ...withdrawal, debited: true });

/** Records the rail's acceptance: its reference and the time settlement is measured from. */
export const markSubmitted = (withdrawal: Withdrawal, reference: string, now: Date): Withdrawal => ({
  ...withdrawal,
  railReference: reference,
  submittedAt: withdrawal.submittedAt ?? now,
});

/** Notes that submission `attempt` is being made; attempts only ever go up. */
export const recordSubmitAttempt = (withdrawal: Withdrawal, attempt: number, now: Date): Withdrawal => ({
  ...withdrawal,
  submitAttempts: Math.max(withdrawal.submitAttempts, attempt),
  updatedAt: now,
});

/** Schedules the next look by a worker (see `nextCheckAt`); null unschedules. */
export const checkAt = (withdrawal: Withdrawal, at: Date | null): Withdrawal => ({
  ...withdrawal,
  nextCheckAt: at,
});
