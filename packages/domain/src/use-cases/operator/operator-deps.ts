import { Money } from '../../money/money.js';
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

export const notFound = (what: string): DomainError => domainError('NOT_FOUND', `${what} not found`);

const MONEY_TEXT = /^\d{1,18}(\.\d{1,2})?$/;

/** A money input of the operator API: a JSON number or decimal string, at most two decimals, and `accepts` it. */
function parseMoney(
  field: string,
  value: unknown,
  message: string,
  accepts: (money: Money) => boolean,
): Result<Money, DomainError> {
  let money: Money | null = null;
  if (typeof value === 'number') {
    const parsed = Money.fromJsonNumber(value);
    money = parsed.ok ? parsed.value : null;
  } else if (typeof value === 'string' && MONEY_TEXT.test(value)) money = Money.of(value);
  return money && accepts(money) ? ok(money) : err(validationError(field, message));
}

/** A money input of the operator API: a JSON number or decimal string, > 0, at most two decimals. */
export const parsePositiveMoney = (field: string, value: unknown): Result<Money, DomainError> =>
  parseMoney(field, value, `${field} must be a positive amount with at most two decimal places`, (m) =>
    m.isPositive(),
  );

/** A money input of the operator API: a JSON number or decimal string, ≥ 0, at most two decimals. */
export const parseNonNegativeMoney = (field: string, value: unknown): Result<Money, DomainError> =>
  parseMoney(
    field,
    value,
    `${field} must be an amount of at least 0 with at most two decimal places`,
    (m) => !m.isNegative(),
  );

export const isNonEmptyString = (value: unknown, max = 200): value is string =>
  typeof value === 'string' && value.trim().length > 0 && value.length <= max;
