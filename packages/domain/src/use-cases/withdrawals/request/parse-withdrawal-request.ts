import { type Money, parsePositiveAmount } from '../../../money/money.js';
import { ROUTING_TYPES, type RoutingType } from '../../../policy/routing-table.js';
import { type DomainError, domainError, MESSAGES, validationError } from '../../../shared/domain-error.js';
import { fieldFault, type RequestField } from '../../../shared/request-field.js';
import { err, ok, type Result } from '../../../shared/result.js';
import type { WithdrawalFlow } from '../../../withdrawal/withdrawal.js';

export interface RequestWithdrawalInput {
  readonly currency: string;
  readonly linkedAccountId: string;
  /** The parsed JSON body as received; every field is checked here. Unknown fields are ignored. */
  readonly body: Readonly<Record<string, unknown>>;
}

export interface ParsedWithdrawalRequest {
  readonly linkedAccountId: string;
  readonly amount: Money;
  readonly routingType: RoutingType | undefined;
  readonly flow: WithdrawalFlow;
  readonly reason: string | null;
}

const MAX_TEXT_LENGTH = 255;

const text = (name: string): RequestField => ({
  in: 'body',
  required: false,
  rule: { kind: 'text', maxLength: MAX_TEXT_LENGTH },
  code: 'VALIDATION_ERROR',
  message: `${name} must be a string of at most ${MAX_TEXT_LENGTH} characters`,
});

/**
 * Endpoint 1's fields, each with its rule and the error that refuses it, in the order docs/product.md §5 checks
 * them: the first one that fails is reported. The HTTP adapter's schemas for the endpoint are generated from it.
 */
export const WITHDRAWAL_REQUEST_FIELDS: Readonly<Record<string, RequestField>> = {
  currency: {
    in: 'path',
    required: true,
    rule: { kind: 'exactly', value: 'USD' },
    code: 'UNSUPPORTED_CURRENCY',
    message: MESSAGES.UNSUPPORTED_CURRENCY,
  },
  linkedAccountId: {
    in: 'path',
    required: true,
    rule: { kind: 'uuid' },
    code: 'VALIDATION_ERROR',
    message: 'linkedAccountId must be a UUID',
  },
  // The spec types `amount` as a JSON number: a decimal string is refused even where it would be exact.
  amount: {
    in: 'body',
    required: true,
    rule: { kind: 'amount' },
    code: 'VALIDATION_ERROR',
    message: 'amount must be a positive number with at most two decimal places',
  },
  walletType: {
    in: 'body',
    required: true,
    rule: { kind: 'exactly', value: 'SPEND' },
    code: 'INVALID_WALLET_TYPE',
    message: MESSAGES.INVALID_WALLET_TYPE,
  },
  routingType: {
    in: 'body',
    required: false,
    rule: { kind: 'one-of', values: ROUTING_TYPES },
    code: 'INVALID_ROUTING_TYPE',
    message: MESSAGES.INVALID_ROUTING_TYPE,
  },
  mfaCode: {
    in: 'body',
    required: false,
    rule: { kind: 'absent' },
    code: 'MFA_NOT_SUPPORTED',
    message: MESSAGES.MFA_NOT_SUPPORTED,
  },
  reason: text('reason'),
  transactionType: text('transactionType'),
};

/** The validation step of docs/product.md §5, field by field in WITHDRAWAL_REQUEST_FIELDS' order. */
export function parseWithdrawalRequest(
  input: RequestWithdrawalInput,
): Result<ParsedWithdrawalRequest, DomainError> {
  const { body } = input;
  const path: Readonly<Record<string, unknown>> = {
    currency: input.currency,
    linkedAccountId: input.linkedAccountId,
  };
  for (const [name, field] of Object.entries(WITHDRAWAL_REQUEST_FIELDS)) {
    const message = fieldFault(name, field, (field.in === 'path' ? path : body)[name]);
    if (message === null) continue;
    return err(
      field.code === 'VALIDATION_ERROR' ? validationError(name, message) : domainError(field.code, message),
    );
  }
  const amount = parsePositiveAmount(body.amount, false);
  if (!amount.ok) throw new Error('an amount that met its rule did not parse');
  const flow: WithdrawalFlow =
    typeof body.transactionType === 'string' && body.transactionType.toLowerCase() === 'payout'
      ? 'PAYMENT'
      : 'PAYOUT';
  return ok({
    linkedAccountId: input.linkedAccountId.toLowerCase(),
    amount: amount.value,
    routingType: body.routingType as RoutingType | undefined,
    flow,
    reason: typeof body.reason === 'string' ? body.reason : null,
  });
}
