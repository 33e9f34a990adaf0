import { FAILURE_REASONS, type FailureReason } from '@payout/domain';

/** Item errors that mean the recipient has no usable PayPal or Venmo account. */
const RECIPIENT_NOT_FOUND_ERRORS: ReadonlySet<string> = new Set([
  'RECEIVER_UNREGISTERED',
  'RECEIVER_ACCOUNT_LOCKED',
  'RECEIVER_ACCOUNT_INVALID',
]);

/**
 * PayPal's list of item error names is long and grows; risk, compliance, regulatory and sanctions declines all
 * carry one of these words, as do the country restrictions (RISK_DECLINE, COMPLIANCE_VIOLATION,
 * REGULATORY_BLOCKED, RECEIVER_COUNTRY_NOT_ALLOWED …).
 */
const COMPLIANCE_LIKE = /(^|_)(RISK|COMPLIANCE|REGULATORY|SANCTIONS?|AML|OFAC)(_|$)|COUNTRY_NOT_ALLOWED/;

/** The spec's reason text for a PayPal error name; `fallback` when PayPal gave no name. */
export function failureReasonFor(
  errorName: string | undefined,
  fallback: FailureReason = FAILURE_REASONS.GENERAL,
): FailureReason {
  if (errorName === undefined || errorName === '') return fallback;
  const name = errorName.toUpperCase();
  if (RECIPIENT_NOT_FOUND_ERRORS.has(name)) return FAILURE_REASONS.RECIPIENT_NOT_FOUND;
  if (COMPLIANCE_LIKE.test(name)) return FAILURE_REASONS.COMPLIANCE;
  return FAILURE_REASONS.GENERAL;
}

/**
 * Item errors that say the recipient's PayPal or Venmo account cannot receive (PayPal's payouts error list: a
 * locked or inactive account, an invalid one): the linked account is marked unusable until an operator
 * reinstates it. An unregistered recipient is not: PayPal holds the item unclaimed for them to sign up.
 */
const ACCOUNT_CANNOT_RECEIVE: ReadonlySet<string> = new Set([
  'RECEIVER_ACCOUNT_LOCKED',
  'RECEIVER_ACCOUNT_INVALID',
]);

export const payPalAccountFacts = (errorName: string | undefined): { accountUnusable?: true } =>
  errorName !== undefined && ACCOUNT_CANNOT_RECEIVE.has(errorName.toUpperCase())
    ? { accountUnusable: true }
    : {};
