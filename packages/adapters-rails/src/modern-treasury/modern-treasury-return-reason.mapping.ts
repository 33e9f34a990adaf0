import { FAILURE_REASONS, type FailureReason } from '@payout/domain';

const { RECIPIENT_NOT_FOUND, COMPLIANCE, DUPLICATE, CANCELLED, GENERAL } = FAILURE_REASONS;

/**
 * NACHA return codes of a credit entry, as Modern Treasury gives them in the return object's `code`: the
 * account cannot take the payment is "not found"; a frozen account or an OFAC instruction (R16) is a compliance
 * stop; a duplicate entry (R24) is a duplicate; a return we asked for (R06) or a payment the receiving bank
 * stopped (R08) was called off. Codes not listed are the general reason.
 */
const ACH_RETURNS: Readonly<Record<string, FailureReason>> = {
  R02: RECIPIENT_NOT_FOUND,
  R03: RECIPIENT_NOT_FOUND,
  R04: RECIPIENT_NOT_FOUND,
  R12: RECIPIENT_NOT_FOUND,
  R13: RECIPIENT_NOT_FOUND,
  R14: RECIPIENT_NOT_FOUND,
  R15: RECIPIENT_NOT_FOUND,
  R20: RECIPIENT_NOT_FOUND,
  R28: RECIPIENT_NOT_FOUND,
  R16: COMPLIANCE,
  R24: DUPLICATE,
  R06: CANCELLED,
  R08: CANCELLED,
};

export const returnReasonOf = (code: string | undefined): FailureReason =>
  code !== undefined && Object.hasOwn(ACH_RETURNS, code) ? ACH_RETURNS[code]! : GENERAL;
