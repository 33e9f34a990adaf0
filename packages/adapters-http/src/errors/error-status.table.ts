import type { ErrorCode } from '@payout/domain';

/** The one table from domain error codes to HTTP statuses (spec error tables, docs/product.md §5). */
export const ERROR_STATUS: Readonly<Record<ErrorCode, number>> = {
  VALIDATION_ERROR: 400,
  INVALID_WALLET_TYPE: 400,
  INVALID_ROUTING_TYPE: 400,
  UNSUPPORTED_CURRENCY: 400,
  UNSUPPORTED_ROUTING: 400,
  RAIL_DISABLED: 400,
  AMOUNT_OUT_OF_RANGE: 400,
  MFA_NOT_SUPPORTED: 400,
  TOKEN_EXPIRED_OR_INACTIVE: 400,
  MALFORMED_REQUEST: 400,
  INSUFFICIENT_FUNDS: 400,
  WALLET_DISABLED: 400,
  INVALID_STEP: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  PAYOUTS_DISABLED: 403,
  LINKED_ACCOUNT_NOT_FOUND: 404,
  TRANSACTION_NOT_FOUND: 404,
  NOT_FOUND: 404,
  CONFLICT: 409,
  // A fact of the linked account, checked right after it is found (docs/product.md §5): it exists but its bank
  // said it cannot receive, until an operator reinstates it.
  LINKED_ACCOUNT_UNUSABLE: 409,
  ILLEGAL_TRANSITION: 409,
  APPROVER_IS_REQUESTER: 409,
  UNSUPPORTED_TRANSACTION_TYPE: 422,
  RATE_LIMITED: 429,
  RAIL_REJECTED: 500,
};

/**
 * The statuses of the failures the adapter itself detects before any use case runs (published in the OpenAPI
 * document, in this order).
 */
export const TRANSPORT_ERROR_STATUS = {
  ROUTE_NOT_FOUND: 404,
  MALFORMED_PATH: 400,
  MALFORMED_HTTP: 400,
  HEADERS_TOO_LARGE: 431,
  URI_TOO_LONG: 414,
  TOO_MANY_CONNECTIONS: 429,
  REQUEST_TIMEOUT: 408,
  MALFORMED_JSON: 400,
  MALFORMED_BODY: 400,
  UNSUPPORTED_MEDIA_TYPE: 415,
  PAYLOAD_TOO_LARGE: 413,
  SERVICE_UNAVAILABLE: 503,
  OUTCOME_UNKNOWN: 503,
} as const satisfies Readonly<Record<string, number>>;

export type TransportErrorCode = keyof typeof TRANSPORT_ERROR_STATUS;

/** An Expect header the server cannot meet is MALFORMED_HTTP, answered with HTTP's own status for it (RFC 9110). */
export const UNMET_EXPECTATION_STATUS = 417;

/** The status of any code an answer carries, the domain's or the adapter's own. */
export const statusOf = (code: ErrorCode | TransportErrorCode): number =>
  code in TRANSPORT_ERROR_STATUS
    ? TRANSPORT_ERROR_STATUS[code as TransportErrorCode]
    : ERROR_STATUS[code as ErrorCode];
