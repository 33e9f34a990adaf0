import { Money } from '@payout/domain';
import { Decimal } from 'decimal.js';

/**
 * An amount a provider gives in minor units (integer cents of USD), as Money; undefined for anything but a whole
 * number, so that a malformed answer is no balance rather than a wrong one.
 */
export function moneyOfMinorUnits(value: unknown): Money | undefined {
  if (typeof value !== 'number' || !Number.isSafeInteger(value)) return undefined;
  return Money.of(new Decimal(value).dividedBy(100));
}

/** A decimal amount a provider gives as a string ("1234.50"), as Money; undefined when it is not one. */
export function moneyOfDecimal(value: unknown): Money | undefined {
  if (typeof value !== 'string' || !/^-?\d{1,18}(\.\d{1,2})?$/.test(value)) return undefined;
  return Money.of(value);
}
