import type { Money } from '../money/money.js';

export type ApplicationTokenPurpose = 'ACCOUNT_LINK' | 'PAYMENT_LINK';
export type WithdrawalSource = 'ENTITY_WALLET' | 'MERCHANT_WALLET';
export type ApplicationTokenStatus = 'ACTIVE' | 'INACTIVE';

/** docs/product.md §3. The opaque token itself is never stored: only its SHA-256 hash. */
export interface ApplicationToken {
  readonly id: string;
  readonly tokenHash: string;
  readonly merchantId: string;
  readonly entityId: string;
  readonly purpose: ApplicationTokenPurpose;
  readonly amount: Money | null;
  readonly withdrawalSource: WithdrawalSource;
  readonly expiresAt: Date;
  readonly status: ApplicationTokenStatus;
  readonly createdAt: Date;
}

export const isTokenUsable = (token: ApplicationToken, now: Date): boolean =>
  token.status === 'ACTIVE' && token.expiresAt.getTime() > now.getTime();
