import { WITHDRAWAL_RATE_LIMIT } from '../policy/withdrawal-rate-limit.js';

/**
 * The closed set of expected failures. The HTTP adapter maps each code to a status exactly once.
 * Messages that the spec prescribes are fixed here so every adapter says the same thing.
 */
export const ERROR_CODES = [
  'VALIDATION_ERROR',
  'INVALID_WALLET_TYPE',
  'INVALID_ROUTING_TYPE',
  'UNSUPPORTED_CURRENCY',
  'UNSUPPORTED_ROUTING',
  'RAIL_DISABLED',
  'AMOUNT_OUT_OF_RANGE',
  'MFA_NOT_SUPPORTED',
  'TOKEN_EXPIRED_OR_INACTIVE',
  'MALFORMED_REQUEST',
  'INSUFFICIENT_FUNDS',
  'WALLET_DISABLED',
  'UNAUTHORIZED',
  'FORBIDDEN',
  'PAYOUTS_DISABLED',
  'LINKED_ACCOUNT_NOT_FOUND',
  'LINKED_ACCOUNT_UNUSABLE',
  'TRANSACTION_NOT_FOUND',
  'UNSUPPORTED_TRANSACTION_TYPE',
  'NOT_FOUND',
  'RATE_LIMITED',
  'RAIL_REJECTED',
  'ILLEGAL_TRANSITION',
  'APPROVER_IS_REQUESTER',
  'INVALID_STEP',
  'CONFLICT',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

export interface DomainError {
  readonly code: ErrorCode;
  readonly message: string;
  /** Extra machine-readable facts, such as the field that failed validation or a retry delay. */
  readonly details?: Readonly<Record<string, unknown>>;
}

export const MESSAGES = {
  INSUFFICIENT_FUNDS: 'Insufficient Funds #912',
  TOKEN_EXPIRED_OR_INACTIVE: 'Token expired or inactive',
  MALFORMED_REQUEST: 'Malformed request',
  UNAUTHORIZED: 'Unauthorized',
  TRANSACTION_NOT_FOUND: 'Transaction not found',
  UNSUPPORTED_TRANSACTION_TYPE: 'Webhook payload not available for this transaction type',
  INVALID_WALLET_TYPE: 'walletType must be uppercase SPEND',
  INVALID_ROUTING_TYPE: 'routingType must be one of ACH, RTP, WIRE, BANK',
  PAYOUTS_DISABLED: 'Payouts are not enabled for this account. Please contact support.',
  LINKED_ACCOUNT_NOT_FOUND: 'Linked account not found',
  LINKED_ACCOUNT_UNUSABLE:
    'The linked account cannot receive payouts: its bank returned a payout to it as closed, unknown or invalid. Link another account, or contact support.',
  RATE_LIMITED: WITHDRAWAL_RATE_LIMIT.message,
  RAIL_REJECTED:
    'The payment processor rejected the disbursement. Check that the account is active, within limits, and the recipient details are right.',
  PAYMENT_QUEUED: 'Payment queued',
  MFA_NOT_SUPPORTED: 'mfaCode is not supported for withdrawals',
} as const;

export const domainError = (
  code: ErrorCode,
  message: string,
  details?: Readonly<Record<string, unknown>>,
): DomainError => (details ? { code, message, details } : { code, message });

export const validationError = (field: string, message: string): DomainError =>
  domainError('VALIDATION_ERROR', message, { field });
