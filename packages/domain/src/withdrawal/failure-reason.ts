/** The spec's closed list of `payload.reason` texts for FAILED. */
export const FAILURE_REASONS = {
  RECIPIENT_NOT_FOUND: 'Recipient account not found.',
  DUPLICATE: 'Duplicate transaction detected.',
  COMPLIANCE: 'Transaction declined for compliance reasons.',
  GENERAL: 'Payment could not be processed.',
  CARD: 'Your payment could not be processed. Please try a different card.',
  CANCELLED: 'Payment was cancelled.',
} as const;

export type FailureReason = (typeof FAILURE_REASONS)[keyof typeof FAILURE_REASONS];

export const isFailureReason = (text: string): text is FailureReason =>
  (Object.values(FAILURE_REASONS) as string[]).includes(text);
