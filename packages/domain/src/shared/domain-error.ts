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

/**
 * Every message an expected failure is answered with, but a request field's own (that is its rule's, as
 * WITHDRAWAL_REQUEST_FIELDS holds them): a fixed text, or a function of what the message names.
 */
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
    'The linked account cannot receive payouts: its bank or card issuer refused a payout to it as closed, unknown or invalid. Link another account, or contact support.',
  RATE_LIMITED: WITHDRAWAL_RATE_LIMIT.message,
  RAIL_REJECTED:
    'The payment processor rejected the disbursement. Check that the account is active, within limits, and the recipient details are right.',
  PAYMENT_QUEUED: 'Payment queued',
  MFA_NOT_SUPPORTED: 'mfaCode is not supported for withdrawals',
  UNSUPPORTED_CURRENCY: 'currency must be USD',
  INVALID_STEP: 'Only step 1 exists for this link operation',
  WALLET_DISABLED: 'The wallet is disabled',
  APPROVER_IS_REQUESTER: 'The approver must not be the requester',
  NOTHING_TO_REINSTATE: 'The linked account is usable: there is nothing to reinstate',
  SUBMISSION_MAY_BE_UNDER_WAY: 'A submission attempt may be under way; try again in a minute',
  CHECK_UNDER_WAY: 'A check of it is under way or due within a minute; try again then',
  NOT_FOUND: (what: string) => `${what} not found`,
  AMOUNT_OUT_OF_RANGE: (rail: string) => `amount is outside the limits of the ${rail} rail`,
  UNSUPPORTED_ROUTING: (routingType: string | undefined, kind: string) =>
    `routingType ${routingType} is not available for ${kind} accounts`,
  RAIL_DISABLED: (rail: string) => `Payouts on the ${rail} rail are not available on this service`,
  ILLEGAL_TRANSITION: (from: string, to: string) => `A ${from} withdrawal cannot become ${to}`,
  NOT_AWAITING_APPROVAL: (status: string) => `A ${status} withdrawal is not awaiting approval`,
  CANNOT_BE_FAILED: (status: string, acceptedByRail: boolean) =>
    `A ${status} withdrawal ${acceptedByRail ? 'accepted by its rail ' : ''}cannot be failed by an operator`,
  PROVIDER_HOLDS_PAYOUT: (provider: string, reference: string) =>
    `${provider} holds payout ${reference} for it: it is not failed, and its next attempt records it (check it now to bring that forward)`,
  PROVIDER_CANNOT_CONFIRM: (provider: string, detail: string) =>
    `${provider} could not confirm that it holds no payout for it (${detail}); try again, or send force once you have checked there yourself`,
  NO_CHECK_TO_BRING_FORWARD: (status: string) => `A ${status} withdrawal has no check to bring forward`,
  NO_WEBHOOKS_RECEIVED: (named: string) => `No webhooks are received from ${named} on this service`,
} as const;

export const domainError = (
  code: ErrorCode,
  message: string,
  details?: Readonly<Record<string, unknown>>,
): DomainError => (details ? { code, message, details } : { code, message });

export const validationError = (field: string, message: string): DomainError =>
  domainError('VALIDATION_ERROR', message, { field });
