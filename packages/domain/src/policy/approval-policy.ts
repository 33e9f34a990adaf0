import { Money } from '../money/money.js';

export const DEFAULT_APPROVAL_THRESHOLD = Money.of('10000.00');
export const DEFAULT_APPROVAL_TTL_SECONDS = 7 * 24 * 60 * 60;

/** docs/product.md §5: an amount at or above the merchant's threshold waits for an operator's decision. */
export const requiresApproval = (amount: Money, threshold: Money): boolean => amount.compare(threshold) >= 0;
