import type {
  FailureReason,
  RailId,
  Withdrawal,
  WithdrawalFlow,
  WithdrawalStatus,
  WithdrawalStatusChange,
} from '@payout/domain';
import { changingColumns } from '../batched-transactions/sql-write.js';
import { money } from './columns.js';

export interface WithdrawalRow {
  id: string;
  merchant_id: string;
  entity_id: string;
  linked_account_id: string;
  wallet_id: string;
  flow: WithdrawalFlow;
  rail: RailId;
  currency: 'USD';
  amount: string;
  fees: string;
  total: string;
  reason: string | null;
  status: WithdrawalStatus;
  failure_reason: FailureReason | null;
  failure_code: string | null;
  sequence: number;
  requested_by: string;
  application_token_id: string | null;
  debited: boolean;
  reversed: boolean;
  rail_reference: string | null;
  rail_provider: string | null;
  submit_attempts: number;
  submitted_at: Date | null;
  approval_expires_at: Date | null;
  next_check_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

export interface HistoryRow {
  withdrawal_id: string;
  sequence: number;
  status: WithdrawalStatus;
  previous_status: WithdrawalStatus | null;
  reason: FailureReason | null;
  at: Date;
  decided_by: string | null;
  decision_reason: string | null;
}

/** A history row as `json_agg` returns it: timestamps become ISO text. */
export type HistoryJson = Omit<HistoryRow, 'at'> & { at: string };

export const fromHistoryJson = (row: HistoryJson): HistoryRow => ({ ...row, at: new Date(row.at) });

/**
 * The columns an update may change, with their types; identity, parties and amounts are fixed at creation. A
 * known withdrawal's lock compares every one of them (KnexWithdrawalRepository.lockById).
 */
export const WITHDRAWAL_CHANGES = changingColumns('withdrawals', 'uuid', {
  status: ['text', (w: Withdrawal) => w.status],
  failure_reason: ['text', (w: Withdrawal) => w.failureReason],
  failure_code: ['text', (w: Withdrawal) => w.failureCode],
  sequence: ['integer', (w: Withdrawal) => w.sequence],
  debited: ['boolean', (w: Withdrawal) => w.debited],
  reversed: ['boolean', (w: Withdrawal) => w.reversed],
  rail_reference: ['text', (w: Withdrawal) => w.railReference],
  rail_provider: ['text', (w: Withdrawal) => w.railProvider],
  submit_attempts: ['integer', (w: Withdrawal) => w.submitAttempts],
  submitted_at: ['timestamptz', (w: Withdrawal) => w.submittedAt],
  approval_expires_at: ['timestamptz', (w: Withdrawal) => w.approvalExpiresAt],
  next_check_at: ['timestamptz', (w: Withdrawal) => w.nextCheckAt],
  updated_at: ['timestamptz', (w: Withdrawal) => w.updatedAt],
});

/**
 * The row a new withdrawal inserts. It has no failure code yet (one is set only by a failure, an update), so the
 * column is left to its default, as its provider is until its debit: the insert of a withdrawal held for approval
 * then also runs on a schema from before migrations 0014 and 0018.
 */
export const toWithdrawalRow = (
  w: Withdrawal,
): Omit<WithdrawalRow, 'failure_code' | 'rail_provider'> & Partial<WithdrawalRow> => {
  if (w.failureCode !== null) throw new Error(`a new withdrawal ${w.id} cannot have a failure code`);
  const { failure_code: _none, rail_provider: provider, ...columns } = WITHDRAWAL_CHANGES.values(w);
  return { ...fixedColumns(w), ...columns, ...(provider === null ? {} : { rail_provider: provider }) };
};

const fixedColumns = (w: Withdrawal) => ({
  id: w.id,
  merchant_id: w.merchantId,
  entity_id: w.entityId,
  linked_account_id: w.linkedAccountId,
  wallet_id: w.walletId,
  flow: w.flow,
  rail: w.rail,
  currency: w.currency,
  amount: w.amount.toString(),
  fees: w.fees.toString(),
  total: w.total.toString(),
  reason: w.reason,
  requested_by: w.requestedBy,
  application_token_id: w.applicationTokenId,
  created_at: w.createdAt,
});

/**
 * A history row to insert. The decision columns are named only when `decided` (an operator's approval or
 * rejection is among the rows inserted together, which share their columns): every other change leaves them to
 * their default, NULL, and the hot path's history inserts stay as they were before decisions were recorded.
 */
export const toHistoryRow = (
  withdrawalId: string,
  change: WithdrawalStatusChange,
  decided: boolean,
): Omit<HistoryRow, 'decided_by' | 'decision_reason'> & Partial<HistoryRow> => ({
  withdrawal_id: withdrawalId,
  sequence: change.sequence,
  status: change.status,
  previous_status: change.previousStatus,
  reason: change.reason,
  at: change.at,
  ...(decided ? { decided_by: change.decidedBy, decision_reason: change.decisionReason } : {}),
});

export const toChange = (row: HistoryRow): WithdrawalStatusChange => ({
  sequence: row.sequence,
  status: row.status,
  previousStatus: row.previous_status,
  reason: row.reason,
  at: row.at,
  decidedBy: row.decided_by,
  decisionReason: row.decision_reason,
});

/** The columns a withdrawal and its webhook view (withdrawal-webhook-view.ts) share. */
export type WithdrawalCoreRow = Pick<
  WithdrawalRow,
  | 'id'
  | 'merchant_id'
  | 'entity_id'
  | 'wallet_id'
  | 'flow'
  | 'rail'
  | 'currency'
  | 'amount'
  | 'fees'
  | 'status'
  | 'failure_reason'
  | 'failure_code'
  | 'sequence'
>;

export const toWithdrawalCore = (row: WithdrawalCoreRow) => ({
  id: row.id,
  merchantId: row.merchant_id,
  entityId: row.entity_id,
  walletId: row.wallet_id,
  flow: row.flow,
  rail: row.rail,
  currency: row.currency,
  amount: money(row.amount),
  fees: money(row.fees),
  status: row.status,
  failureReason: row.failure_reason,
  failureCode: row.failure_code,
  sequence: row.sequence,
});

export const toWithdrawal = (row: WithdrawalRow, history: readonly HistoryRow[]): Withdrawal => ({
  ...toWithdrawalCore(row),
  linkedAccountId: row.linked_account_id,
  total: money(row.total),
  reason: row.reason,
  history: history.map(toChange),
  requestedBy: row.requested_by,
  applicationTokenId: row.application_token_id,
  debited: row.debited,
  reversed: row.reversed,
  railReference: row.rail_reference,
  railProvider: row.rail_provider,
  submitAttempts: row.submit_attempts,
  submittedAt: row.submitted_at,
  approvalExpiresAt: row.approval_expires_at,
  nextCheckAt: row.next_check_at === null ? null : new Date(row.next_check_at),
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});
