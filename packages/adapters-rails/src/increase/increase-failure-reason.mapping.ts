import { FAILURE_REASONS, type FailureReason } from '@payout/domain';

const { RECIPIENT_NOT_FOUND, COMPLIANCE, DUPLICATE, CANCELLED, GENERAL } = FAILURE_REASONS;

/**
 * NACHA return codes of a credit entry, by Increase's `raw_return_reason_code` and its name for the code in
 * `return_reason_code` (Increase's ACH transfer object lists both). Codes not listed are the general reason.
 */
const ACH_RETURNS: readonly [code: string, name: string, reason: FailureReason][] = [
  ['R02', 'account_closed', RECIPIENT_NOT_FOUND],
  ['R03', 'no_account', RECIPIENT_NOT_FOUND],
  ['R04', 'invalid_account_number_structure', RECIPIENT_NOT_FOUND],
  ['R12', 'account_sold_to_another_dfi', RECIPIENT_NOT_FOUND],
  ['R13', 'invalid_ach_routing_number', RECIPIENT_NOT_FOUND],
  ['R14', 'representative_payee_deceased_or_unable_to_continue_in_that_capacity', RECIPIENT_NOT_FOUND],
  ['R15', 'beneficiary_or_account_holder_deceased', RECIPIENT_NOT_FOUND],
  ['R20', 'non_transaction_account', RECIPIENT_NOT_FOUND],
  ['R28', 'routing_number_check_digit_error', RECIPIENT_NOT_FOUND],
  // R16 is a frozen account or an OFAC instruction: either way a compliance stop.
  ['R16', 'account_frozen_entry_returned_per_ofac_instruction', COMPLIANCE],
  ['R24', 'duplicate_entry', DUPLICATE],
  // We asked for it back (R06), or the receiving bank stopped it (R08): the payment was called off.
  ['R06', 'returned_per_odfi_request', CANCELLED],
  ['R08', 'payment_stopped', CANCELLED],
];

/** The R code of a return Increase named but gave no raw code for (`return_reason_code` alone), if listed here. */
export const achCodeOfName = (name: string | undefined): string | undefined =>
  ACH_RETURNS.find(([, n]) => n === name)?.[0];

/** The spec's reason for an ACH return, from its R code, else from Increase's name for it. */
export function achReturnReason(rawCode: string | undefined, name: string | undefined): FailureReason {
  const code = rawCode?.toUpperCase();
  const known = ACH_RETURNS.find(([c, n]) => c === code || n === name);
  return known?.[2] ?? GENERAL;
}

/**
 * Real-Time Payments reject reasons (ISO 20022 codes in brackets): the account cannot take the payment at all
 * is "not found"; a blocked account (AC06) or a forbidden transaction (AG01) is the receiving bank's compliance
 * stop. Network outages and everything else are the general reason.
 */
const RTP_REJECTIONS: Readonly<Record<string, FailureReason>> = {
  account_closed: RECIPIENT_NOT_FOUND, // AC04
  invalid_creditor_account_number: RECIPIENT_NOT_FOUND, // AC03
  invalid_creditor_account_type: RECIPIENT_NOT_FOUND, // AC14
  invalid_creditor_financial_institution_identifier: RECIPIENT_NOT_FOUND, // RC04
  unknown_end_customer: RECIPIENT_NOT_FOUND, // BE06
  end_customer_deceased: RECIPIENT_NOT_FOUND, // MD07
  transaction_type_not_supported: RECIPIENT_NOT_FOUND, // AG03
  unsupported_message_for_recipient: RECIPIENT_NOT_FOUND, // NOAT
  account_blocked: COMPLIANCE, // AC06
  transaction_forbidden: COMPLIANCE, // AG01
};

export const rtpRejectionReason = (code: string | undefined): FailureReason =>
  code !== undefined && Object.hasOwn(RTP_REJECTIONS, code) ? RTP_REJECTIONS[code]! : GENERAL;
