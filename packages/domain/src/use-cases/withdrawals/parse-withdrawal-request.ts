import { parsePositiveAmount, tooLargeMessage } from '../../money/amount-input.js';
import type { Money } from '../../money/money.js';
import { isRoutingType, type RoutingType } from '../../policy/routing-table.js';
import { type DomainError, domainError, MESSAGES, validationError } from '../../shared/domain-error.js';
import { err, ok, type Result } from '../../shared/result.js';
import type { WithdrawalFlow } from '../../withdrawal/withdrawal.js';

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

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const MAX_REASON_LENGTH = 255;
export const isUuid = (value: unknown): value is string => typeof value === 'string' && UUID.test(value);

const AMOUNT_MESSAGE = 'amount must be a positive number with at most two decimal places';

/** The spec types `amount` as a JSON number: a decimal string is refused even where it would be exact. */
function parseAmount(value: unknown): Result<Money, DomainError> {
  const amount = parsePositiveAmount(value, false);
  if (amount.ok) return amount;
  return err(
    validationError('amount', amount.error === 'TOO_LARGE' ? tooLargeMessage('amount') : AMOUNT_MESSAGE),
  );
}

/** The validation step of docs/product.md §5, field by field in a fixed order so the first fault is reported. */
export function parseWithdrawalRequest(
  input: RequestWithdrawalInput,
): Result<ParsedWithdrawalRequest, DomainError> {
  const { body } = input;
  if (input.currency !== 'USD') return err(domainError('UNSUPPORTED_CURRENCY', 'currency must be USD'));
  if (!isUuid(input.linkedAccountId))
    return err(validationError('linkedAccountId', 'linkedAccountId must be a UUID'));
  const amount = parseAmount(body.amount);
  if (!amount.ok) return amount;
  if (body.walletType !== 'SPEND')
    return err(domainError('INVALID_WALLET_TYPE', MESSAGES.INVALID_WALLET_TYPE));
  if (body.routingType !== undefined && !isRoutingType(body.routingType))
    return err(domainError('INVALID_ROUTING_TYPE', MESSAGES.INVALID_ROUTING_TYPE));
  if (body.mfaCode !== undefined) return err(domainError('MFA_NOT_SUPPORTED', MESSAGES.MFA_NOT_SUPPORTED));
  if (body.reason !== undefined && body.reason !== null) {
    if (typeof body.reason !== 'string' || body.reason.length > MAX_REASON_LENGTH)
      return err(
        validationError('reason', `reason must be a string of at most ${MAX_REASON_LENGTH} characters`),
      );
  }
  if (
    body.transactionType !== undefined &&
    body.transactionType !== null &&
    (typeof body.transactionType !== 'string' || body.transactionType.length > MAX_REASON_LENGTH)
  )
    return err(
      validationError(
        'transactionType',
        `transactionType must be a string of at most ${MAX_REASON_LENGTH} characters`,
      ),
    );
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
