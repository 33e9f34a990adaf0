/**
 * The parts of Modern Treasury's JSON this adapter reads: the payment order, its return and the error envelope,
 * as documented in Modern Treasury's OpenAPI description (its generated TypeScript SDK, `modern-treasury`,
 * src/resources/payment-orders/payment-orders.ts and src/resources/returns.ts). Every field is optional here:
 * bodies come from outside and are checked where they are read.
 */
export type ModernTreasuryRailId = 'ACH' | 'RTP' | 'WIRE' | 'SWIFT' | 'PUSH_TO_CARD';

export interface PaymentOrderBody {
  readonly id?: unknown;
  /** needs_approval, approved, pending, processing, sent, completed, returned, failed, cancelled, denied … */
  readonly status?: unknown;
  readonly amount?: unknown;
  /** yyyy-mm-dd: the day an ACH entry posts to the receiving account. */
  readonly effective_date?: unknown;
  /** Filled when the status is `returned`: the return's `code` is the NACHA R code for ACH. */
  readonly current_return?: { readonly code?: unknown } | null;
  readonly metadata?: unknown;
}

/**
 * Modern Treasury's error envelope: one error under `errors`, with a `code` (`parameter_invalid`,
 * `parameter_missing`, `resource_not_found` …), a `message` and the `parameter` it is about.
 */
export interface ModernTreasuryErrorBody {
  readonly errors?: { readonly code?: unknown; readonly message?: unknown; readonly parameter?: unknown };
}

/**
 * A Return object (`GET /api/returns`): an ACH return, or a Notification of Change, which Modern Treasury records
 * as a $0.00 return of `type` `ach_noc` with the bank's corrected details in `corrections`.
 */
export interface ReturnBody {
  readonly type?: unknown;
  /** C01 … for a NOC, R01 … for an ACH return. */
  readonly code?: unknown;
  readonly created_at?: unknown;
  readonly corrections?: {
    readonly account_number?: unknown;
    readonly routing_number?: unknown;
    /** The corrected ACH transaction code: 22 (checking credit), 32 (savings credit) and their kin. */
    readonly transaction_code?: unknown;
  } | null;
}
