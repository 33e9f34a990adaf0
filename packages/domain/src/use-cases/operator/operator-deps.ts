import { JsonNumber, Money, parsePositiveAmount, tooLargeMessage } from '../../money/money.js';
import type { Clock } from '../../ports/clock.port.js';
import type { IdGenerator } from '../../ports/id-generator.port.js';
import type { JobQueue } from '../../ports/job-queue.port.js';
import type { SecretGenerator } from '../../ports/secret-generator.port.js';
import type { Principal } from '../../ports/token-verifier.port.js';
import type { UnitOfWork } from '../../ports/unit-of-work.port.js';
import { type DomainError, domainError, MESSAGES, validationError } from '../../shared/domain-error.js';
import { err, ok, type Result } from '../../shared/result.js';

export interface OperatorDeps {
  readonly unitOfWork: UnitOfWork;
  readonly clock: Clock;
  readonly ids: IdGenerator;
  readonly secrets: SecretGenerator;
}

export type { JobQueue };

export const requireOperator = (principal: Principal): Result<true> =>
  principal.scopes.has('operator') ? ok(true) : err(domainError('UNAUTHORIZED', MESSAGES.UNAUTHORIZED));

export const notFound = (what: string): DomainError => domainError('NOT_FOUND', MESSAGES.NOT_FOUND(what));

/** A money input of the operator API: a JSON number or decimal string, > 0, at most two decimals. */
export function parsePositiveMoney(field: string, value: unknown): Result<Money, DomainError> {
  const amount = parsePositiveAmount(value, true);
  if (amount.ok) return amount;
  const message =
    amount.error === 'TOO_LARGE'
      ? tooLargeMessage(field)
      : `${field} must be a positive amount with at most two decimal places`;
  return err(validationError(field, message));
}

/** Zero as a JSON number literal or a decimal string: the one amount parsePositiveAmount refuses that a fee may be. */
const ZERO_TEXT = /^0(\.0{1,2})?$/;

/** A money input of the operator API: a JSON number (JsonNumber) or decimal string, ≥ 0, at most two decimals. */
export function parseNonNegativeMoney(field: string, value: unknown): Result<Money, DomainError> {
  const amount = parsePositiveAmount(value, true);
  if (amount.ok) return amount;
  if (amount.error === 'TOO_LARGE') return err(validationError(field, tooLargeMessage(field)));
  const text = value instanceof JsonNumber ? value.text : value;
  return typeof text === 'string' && ZERO_TEXT.test(text)
    ? ok(Money.ZERO)
    : err(validationError(field, `${field} must be an amount of at least 0 with at most two decimal places`));
}

export const isNonEmptyString = (value: unknown, max = 200): value is string =>
  typeof value === 'string' && value.trim().length > 0 && value.length <= max;
