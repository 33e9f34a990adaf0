import { FAILURE_REASONS, type FailureReason } from '@payout/domain';

const { RECIPIENT_NOT_FOUND, COMPLIANCE, DUPLICATE, CANCELLED, GENERAL, CARD } = FAILURE_REASONS;

/**
 * Increase's Card Push Transfer decline reasons (`decline.reason`, the issuer's ISO 8583 response in words).
 * No account behind the card is "not found"; fraud, security and anti-money-laundering stops are compliance; a
 * stop or revoked authorization was called off; an issuer or system outage is the general reason. Every other
 * decline is about this card (expired, restricted, lost, not permitted): the spec's card reason, which asks for
 * another card. Unknown reasons take the card reason too.
 */
const DECLINES: Readonly<Record<string, FailureReason>> = {
  invalid_account_number: RECIPIENT_NOT_FOUND,
  no_such_issuer: RECIPIENT_NOT_FOUND,
  closed_account: RECIPIENT_NOT_FOUND,
  no_credit_account: RECIPIENT_NOT_FOUND,
  no_checking_account: RECIPIENT_NOT_FOUND,
  no_savings_account: RECIPIENT_NOT_FOUND,
  financial_institution_cannot_be_found: RECIPIENT_NOT_FOUND,
  suspected_fraud: COMPLIANCE,
  security_violation: COMPLIANCE,
  transaction_does_not_fulfill_anti_money_laundering_requirement: COMPLIANCE,
  duplicate_transaction: DUPLICATE,
  stop_payment_order: CANCELLED,
  revocation_of_authorization_order: CANCELLED,
  revocation_of_all_authorizations_order: CANCELLED,
  error: GENERAL,
  system_malfunction: GENERAL,
  issuer_unavailable: GENERAL,
  credit_issuer_unavailable: GENERAL,
  re_enter_transaction: GENERAL,
  invalid_merchant: GENERAL,
  invalid_amount: GENERAL,
};

export const cardDeclineReason = (code: string | undefined): FailureReason =>
  code !== undefined && Object.hasOwn(DECLINES, code) ? DECLINES[code]! : CARD;
