import { ERROR_CODES, MESSAGES } from '@payout/domain';
import { BODY_LIMIT } from '../app/body-parsing.middleware.js';
import { TRANSPORT_ERROR_CODES, TRANSPORT_MESSAGES } from '../errors/response-envelope.js';
import type { JsonSchema } from '../schemas/schema-fault.js';

/** The statuses an operation may list among its errors. */
export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 415 | 422 | 429 | 500 | 503;

/** The spec's envelope; `code` is closed: the domain's registry and the adapter's own transport codes. */
export const ERROR_ENVELOPE: JsonSchema = {
  type: 'object',
  properties: {
    success: { const: false },
    message: { type: 'string' },
    fatal: { const: true },
    code: { type: 'string', enum: [...ERROR_CODES, ...TRANSPORT_ERROR_CODES] },
    field: { type: 'string', description: 'The input at fault, for a validation error.' },
    transactionId: {
      type: 'string',
      format: 'uuid',
      description:
        'The withdrawal a rail rejected (500), or whose outcome is not known yet (503 OUTCOME_UNKNOWN).',
    },
  },
  required: ['success', 'message', 'fatal', 'code'],
};

const RETRY_AFTER = {
  'Retry-After': {
    description: 'Seconds to wait before trying again.',
    schema: { type: 'integer', minimum: 1 },
    example: 60,
  },
};

const TRANSACTION = '0195b3c4-7d1e-7a42-9c3b-5e8f2a1d4c60';

const error = (code: string, message: string, extra: Record<string, string> = {}) => ({
  success: false,
  message,
  fatal: true,
  code,
  ...extra,
});

interface ErrorResponse {
  readonly name: string;
  readonly description: string;
  readonly example: Record<string, unknown>;
  readonly retryAfter?: boolean;
}

const RESPONSES: Readonly<Record<ErrorStatus, ErrorResponse>> = {
  400: {
    name: 'BadRequest',
    description: 'The request is invalid; nothing changed. `field` names the input at fault.',
    example: error('VALIDATION_ERROR', 'amount must be a positive number with at most two decimal places', {
      field: 'amount',
    }),
  },
  401: {
    name: 'Unauthorized',
    description: 'No valid bearer token of a scope this operation accepts.',
    example: error('UNAUTHORIZED', MESSAGES.UNAUTHORIZED),
  },
  403: {
    name: 'Forbidden',
    description: 'The caller may not do this.',
    example: error('PAYOUTS_DISABLED', MESSAGES.PAYOUTS_DISABLED),
  },
  404: {
    name: 'NotFound',
    description: "Not found, or not the caller's (another merchant's id behaves as absent).",
    example: error('NOT_FOUND', 'Not found'),
  },
  409: {
    name: 'Conflict',
    description: 'The resource is not in a state that allows this.',
    example: error('ILLEGAL_TRANSITION', 'A PROCESSING_PAY_OUT withdrawal is not awaiting approval'),
  },
  413: {
    name: 'PayloadTooLarge',
    description: 'The body is larger than the service accepts.',
    example: error('PAYLOAD_TOO_LARGE', TRANSPORT_MESSAGES.PAYLOAD_TOO_LARGE(BODY_LIMIT.toUpperCase())),
  },
  415: {
    name: 'UnsupportedMediaType',
    description: 'The body is not `application/json`.',
    example: error('UNSUPPORTED_MEDIA_TYPE', TRANSPORT_MESSAGES.UNSUPPORTED_MEDIA_TYPE),
  },
  422: {
    name: 'Unprocessable',
    description: 'The request is understood but has no answer for this resource.',
    example: error('UNSUPPORTED_TRANSACTION_TYPE', MESSAGES.UNSUPPORTED_TRANSACTION_TYPE),
  },
  429: {
    name: 'TooManyRequests',
    description: 'Rate limited: retry after the `Retry-After` seconds.',
    example: error('RATE_LIMITED', MESSAGES.RATE_LIMITED),
    retryAfter: true,
  },
  500: {
    name: 'RailRejected',
    description: 'The payment processor rejected the disbursement: the withdrawal is FAILED and reversed.',
    example: error('RAIL_REJECTED', MESSAGES.RAIL_REJECTED, { transactionId: TRANSACTION }),
  },
  503: {
    name: 'ServiceUnavailable',
    description:
      'A fault of the service: nothing moved, or (OUTCOME_UNKNOWN) look the withdrawal up before retrying.',
    example: error('SERVICE_UNAVAILABLE', TRANSPORT_MESSAGES.SERVICE_UNAVAILABLE),
    retryAfter: true,
  },
};

/** `#/components/responses/<name>` for a status. */
export const errorResponseRef = (status: ErrorStatus) => ({
  $ref: `#/components/responses/${RESPONSES[status].name}`,
});

/** `components.responses`: one per error status, each with its example and, where the service sends it, Retry-After. */
export function errorResponses(): Record<string, unknown> {
  return Object.fromEntries(
    Object.values(RESPONSES).map(({ name, description, example, retryAfter }) => [
      name,
      {
        description,
        ...(retryAfter ? { headers: RETRY_AFTER } : {}),
        content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' }, example } },
      },
    ]),
  );
}
