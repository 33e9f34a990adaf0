import type { Money } from '../money/money.js';
import type { FeeOverrides } from '../policy/payout-terms.js';

export interface Merchant {
  readonly id: string;
  readonly name: string;
  readonly payoutsEnabled: boolean;
  readonly approvalThreshold: Money;
  readonly feeOverrides: FeeOverrides;
  /** The MERCHANT wallet that funds payment links. */
  readonly walletId: string;
  readonly createdAt: Date;
}
