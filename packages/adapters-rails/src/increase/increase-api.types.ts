/**
 * The parts of Increase's JSON this adapter reads: the ACH, Real-Time Payments and wire transfer objects and the
 * error envelope, as documented in Increase's OpenAPI description (its generated TypeScript SDK, `increase`,
 * src/resources/ach-transfers.ts, real-time-payments-transfers.ts, wire-transfers.ts, card-push-transfers.ts and
 * src/core/error.ts).
 * Every field is optional here: bodies come from outside and are checked where they are read.
 */
export type IncreaseRailId = 'ACH' | 'RTP' | 'WIRE' | 'PUSH_TO_CARD';

/** Fields the three transfer objects share. */
export interface IncreaseTransferBody {
  readonly id?: unknown;
  readonly status?: unknown;
  readonly amount?: unknown;
  readonly idempotency_key?: unknown;
  /** ACH: filled once the Federal Reserve settled the entry; the status stays `submitted`. */
  readonly settlement?: { readonly settled_at?: unknown };
  /** ACH: `expected_funds_settlement_at`; wire and RTP: `submitted_at`. */
  readonly submission?: { readonly expected_funds_settlement_at?: unknown; readonly submitted_at?: unknown };
  /** ACH: the receiving bank's corrections of the account's details (Notifications of Change), oldest first. */
  readonly notifications_of_change?: unknown;
  /** ACH: the receiving bank's return, days after settlement. */
  readonly return?: { readonly raw_return_reason_code?: unknown; readonly return_reason_code?: unknown };
  /** RTP: the receiving bank's acknowledgement of a complete transfer. */
  readonly acknowledgement?: { readonly acknowledged_at?: unknown };
  /** RTP: why the network or the receiving bank refused it. */
  readonly rejection?: { readonly reject_reason_code?: unknown };
  /** Wire: a reversal by the receiving bank after completion. */
  readonly reversal?: { readonly return_reason_code?: unknown };
  /** Card push: the issuing bank took the funds. */
  readonly acceptance?: { readonly accepted_at?: unknown };
  /** Card push: why the card network or the issuing bank declined it. */
  readonly decline?: { readonly reason?: unknown };
}

/**
 * Increase's error envelope: `type` names the error (`invalid_parameters_error`, `rate_limited_error`,
 * `idempotency_key_already_used_error` …); a used idempotency key names the transfer it created in
 * `resource_id`; a rate limit may carry `retry_after` in seconds.
 */
export interface IncreaseErrorBody {
  readonly status?: unknown;
  readonly type?: unknown;
  readonly title?: unknown;
  readonly detail?: unknown;
  readonly resource_id?: unknown;
  readonly retry_after?: unknown;
  readonly errors?: unknown;
}
