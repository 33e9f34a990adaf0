import { FAILURE_REASONS, type FailureReason } from '../withdrawal/failure-reason.js';

/**
 * docs/product.md §9: on the simulated rails the cents of a payout amount pick its outcome. The one table of them, for
 * the simulated rails and for every test or tool that triggers an outcome.
 */
export const SANDBOX_TRIGGER_CENTS = {
  /** Rejected at submission: HTTP 500, FAILED, debit reversed. */
  REJECTED: '91',
  /**
   * SUCCESS, then FAILED "Recipient account not found." one settlement delay later: a return that says the account
   * cannot receive (R03 on ACH), which marks the linked account unusable.
   */
  RETURNED: '98',
  /** Unavailable for the first two attempts ("Payment queued"), then settles. */
  UNAVAILABLE_TWICE: '99',
} as const;

/** The cents that make a payout fail once its settlement delay has passed, with the reason they give. */
export const SANDBOX_FAILURE_CENTS: Readonly<Record<string, FailureReason>> = {
  '92': FAILURE_REASONS.RECIPIENT_NOT_FOUND,
  '93': FAILURE_REASONS.DUPLICATE,
  '94': FAILURE_REASONS.COMPLIANCE,
  '95': FAILURE_REASONS.GENERAL,
  '96': FAILURE_REASONS.CARD,
  '97': FAILURE_REASONS.CANCELLED,
};

/**
 * docs/sandbox.md: cents whose payout settles on our side as any other while the simulated provider's own book
 * disagrees, so that reconciliation shows each exception (docs/reconciliation.md). Our polls never see these.
 */
export const SANDBOX_RECONCILIATION_CENTS = {
  /** The provider books another amount (a dollar more): AMOUNT_MISMATCH. */
  OTHER_AMOUNT: '81',
  /** The provider books nothing: MISSING_AT_PROVIDER once its settlement window passed. */
  NO_RECORD: '82',
  /** The provider books a second payout under the same reference: DUPLICATE_AT_PROVIDER. */
  SECOND_PAYOUT: '83',
  /** The provider books a return after our return watch ended: LATE_RETURN. */
  LATE_RETURN: '84',
} as const;
