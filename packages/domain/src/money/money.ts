import { Decimal } from 'decimal.js';
import { err, ok, type Result } from '../shared/result.js';
import type { JsonNumber } from './json-number.js';

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
