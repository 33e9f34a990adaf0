/**
 * Details a receiving bank tells the originator to use from now on, the payment itself having gone through: an
 * ACH Notification of Change. Only the fields it corrects are set.
 */
export interface AccountCorrection {
  /** The NACHA change code (`C01` …), or the provider's own name for one it gives no code of. */
  readonly code: string;
  /** When the provider recorded it: an account takes its corrections in this order, each once. */
  readonly at: Date;
  readonly routingNumber?: string;
  readonly accountNumber?: string;
  readonly accountType?: 'checking' | 'savings';
}

/** The destination fields a correction can change, as a bank link stores them (docs/product.md §4). */
export const CORRECTABLE_FIELDS = ['routingNumber', 'accountNumber', 'accountType'] as const;
export type CorrectableField = (typeof CORRECTABLE_FIELDS)[number];
