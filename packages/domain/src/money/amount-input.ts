import { err, ok, type Result } from '../shared/result.js';
import { JsonNumber } from './json-number.js';
import { Money } from './money.js';

export type AmountFault = 'INVALID' | 'TOO_LARGE';

const DECIMAL_TEXT = /^\d{1,18}(\.\d{1,2})?$/;

/** The message for an amount above Money.MAX, which the numeric(20,2) columns could not store. */
export const tooLargeMessage = (field: string): string => `${field} must be at most ${Money.MAX.toString()}`;

/**
 * An input amount: a JSON number (its exact text) or, where `acceptStrings`, a decimal string; greater than 0,
 * at most two decimals and at most Money.MAX. A JS number is refused: it may already have lost digits. So is a JSON
 * number that no binary double holds exactly (9007199254740993): the client that wrote it may have meant its
 * neighbour, and booking either would be a guess. A decimal string carries any amount exactly.
 */
export function parsePositiveAmount(value: unknown, acceptStrings: boolean): Result<Money, AmountFault> {
  let money: Money;
  if (value instanceof JsonNumber) {
    const parsed = Money.fromJsonNumber(value);
    if (!parsed.ok) return err('INVALID');
    money = parsed.value;
  } else if (acceptStrings && typeof value === 'string' && DECIMAL_TEXT.test(value)) money = Money.of(value);
  else return err('INVALID');
  if (!money.isPositive()) return err('INVALID');
  if (money.compare(Money.MAX) > 0) return err('TOO_LARGE');
  return value instanceof JsonNumber && !money.isExactDouble() ? err('INVALID') : ok(money);
}
