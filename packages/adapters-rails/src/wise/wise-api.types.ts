/**
 * The parts of Wise Platform's JSON this adapter reads, as documented at docs.wise.com/api-reference (quote,
 * recipient, transfer) and docs.wise.com/guides/developer/errors. Every field is optional here: bodies come from
 * outside and are checked where they are read.
 */

/** `POST /v3/profiles/{profileId}/quotes`: the quote's id is a UUID the transfer names as `quoteUuid`. */
export interface WiseQuoteBody {
  readonly id?: unknown;
}

/** `POST /v1/accounts`: the recipient account's numeric id, the transfer's `targetAccount`. */
export interface WiseRecipientBody {
  readonly id?: unknown;
}

/** `POST /v1/transfers` and `GET /v1/transfers/{id}`: the standard transfer resource. */
export interface WiseTransferBody {
  readonly id?: unknown;
  readonly status?: unknown;
  readonly customerTransactionId?: unknown;
  /** "2026-01-15 12:00:00": UTC, written without a zone. */
  readonly created?: unknown;
  readonly sourceCurrency?: unknown;
  readonly sourceValue?: unknown;
  readonly targetCurrency?: unknown;
  readonly targetValue?: unknown;
}

/**
 * Wise's error answers: a list of `{code, message, path, arguments}` (validation, 422), or a single `error` and
 * `error_description` (authentication). `arguments` and `message` may echo the request's values (an account
 * number), so only `code` and `path` are ever repeated.
 */
export interface WiseErrorBody {
  readonly errors?: unknown;
  readonly error?: unknown;
  readonly code?: unknown;
}

export interface WiseErrorItem {
  readonly code?: unknown;
  readonly path?: unknown;
}
