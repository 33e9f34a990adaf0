import type { Money } from '../money/money.js';

/** What a provider says its account holds for payouts: an amount in a currency, or no answer. */
export type ProviderBalanceReading =
  | { readonly kind: 'READ'; readonly available: Money; readonly currency: string }
  | { readonly kind: 'UNAVAILABLE'; readonly detail: string };

/**
 * The funds a provider holds for our payouts: the account the money leaves from (Increase's account, Modern
 * Treasury's internal account, the PayPal or Wise balance), in the currency payouts are paid from.
 */
export interface ProviderBalance {
  /** The provider's id as the rails name it (`increase`, `modern_treasury`, `paypal`, `wise`). */
  readonly provider: string;
  /** The available balance now; never throws, and settles within the rail timeout (UNAVAILABLE otherwise). */
  read(): Promise<ProviderBalanceReading>;
}

/** A provider's latest balance as read, and when. */
export interface StoredProviderBalance {
  readonly provider: string;
  readonly available: Money;
  readonly currency: string;
  readonly readAt: Date;
}

/**
 * The latest balance of each provider, shared by every process: one scheduled read stores it, and every worker
 * exports it (`payout_provider_balance`), so that all of them report the same value.
 */
export interface ProviderBalanceStore {
  /** Replaces the provider's stored balance with this one, unless the stored one was read later. */
  record(balance: StoredProviderBalance): Promise<void>;
  /** Every provider's latest balance, by provider name. */
  latest(): Promise<readonly StoredProviderBalance[]>;
}
