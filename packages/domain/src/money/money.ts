import { Decimal } from 'decimal.js';
import { err, ok, type Result } from '../shared/result.js';

const JSON_NUMBER = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?$/;

/**
 * A JSON number as the client wrote it: the literal's own source text (what `JSON.parse` hands a reviver), so an
 * amount reaches Money digit for digit. Read through a binary double instead, `10.0000000000000001` would pass
 * as 10 and `9007199254740993` would be booked as 9007199254740992.
 */
export class JsonNumber {
  private constructor(readonly text: string) {}

  /** Throws on text that is not a JSON number literal: callers hand over what a JSON parser already read. */
  static of(text: string): JsonNumber {
    if (!JSON_NUMBER.test(text)) throw new Error(`not a JSON number: ${text.slice(0, 40)}`);
    return new JsonNumber(text);
  }
}

const CENTS = 2;

/**
 * An amount of US dollars held as an exact decimal quantized to cents. A JSON number enters through
 * `fromJsonNumber`, which reads the literal's source text, never a binary double.
 */
export class Money {
  private constructor(private readonly value: Decimal) {}

  static readonly ZERO = new Money(new Decimal(0));

  /** The largest amount an input may carry: balances, amounts and thresholds are stored as numeric(20,2). */
  static readonly MAX = new Money(new Decimal('999999999999999999.99'));

  /** Parses a decimal string such as "12.30" or "-4"; throws on anything that is not an exact cent amount. */
  static of(amount: string | Decimal): Money {
    const value = new Decimal(amount);
    if (!value.isFinite() || value.decimalPlaces() > CENTS)
      throw new Error(`not a cent amount: ${String(amount)}`);
    return new Money(value);
  }

  /** Accepts a JSON number with at most two decimal places, exactly as written. */
  static fromJsonNumber(amount: JsonNumber): Result<Money, 'NOT_FINITE' | 'TOO_PRECISE'> {
    const value = new Decimal(amount.text);
    if (!value.isFinite()) return err('NOT_FINITE');
    if (value.decimalPlaces() > CENTS) return err('TOO_PRECISE');
    return ok(new Money(value));
  }
  /** Whether a binary double (a JSON number as most clients parse it) holds this amount exactly. */
  isExactDouble(): boolean {
    return new Decimal(Number(this.value.toString())).equals(this.value);
  }

  plus(other: Money): Money {
    return new Money(this.value.plus(other.value));
  }

  minus(other: Money): Money {
    return new Money(this.value.minus(other.value));
  }

  negated(): Money {
    return new Money(this.value.negated());
  }

  /** A percentage of this amount, rounded half-up to the cent (the fee rule of docs/product.md §5). */
  percent(rate: string): Money {
    return new Money(this.value.times(rate).dividedBy(100).toDecimalPlaces(CENTS, Decimal.ROUND_HALF_UP));
  }

  /** The two digits after the decimal point, "00" to "99". */
  cents(): string {
    return this.value.abs().toFixed(CENTS).slice(-2);
  }

  compare(other: Money): -1 | 0 | 1 {
    return this.value.comparedTo(other.value) as -1 | 0 | 1;
  }

  equals(other: Money): boolean {
    return this.value.equals(other.value);
  }

  isPositive(): boolean {
    return this.value.greaterThan(0);
  }

  isNegative(): boolean {
    return this.value.lessThan(0);
  }

  isZero(): boolean {
    return this.value.isZero();
  }

  static max(a: Money, b: Money): Money {
    return a.compare(b) >= 0 ? a : b;
  }

  static sum(amounts: readonly Money[]): Money {
    return amounts.reduce((total, amount) => total.plus(amount), Money.ZERO);
  }

  /** "1234.50": the spec's decimal-string form. */
  toString(): string {
    return this.value.toFixed(CENTS);
  }

  toJSON(): string {
    return this.toString();
  }

  /** For the webhook body, whose `amount` the spec types as a number. Exact for every cent amount below 2^53 cents. */
  toJsonNumber(): number {
    return Number(this.value.toFixed(CENTS));
  }
}

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
