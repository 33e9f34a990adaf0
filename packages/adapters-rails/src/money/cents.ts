import type { Money } from '@payout/domain';
import { Decimal } from 'decimal.js';

/**
 * Providers take USD amounts as integer cents. The cents are computed on the decimal (exact), and only the
 * whole number of cents becomes a JS number, which is exact below 2^53; `null` for anything else (a sub-cent or
 * astronomically large amount, which `Money` never holds), so a submit can refuse it instead of throwing.
 */
export function centsOf(amount: Money): number | null {
  const cents = new Decimal(amount.toString()).times(100);
  return cents.isInteger() && cents.abs().lessThanOrEqualTo(Number.MAX_SAFE_INTEGER)
    ? cents.toNumber()
    : null;
}
