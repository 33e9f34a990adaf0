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
