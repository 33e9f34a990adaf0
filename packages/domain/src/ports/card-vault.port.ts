import type { Result } from '../shared/result.js';

/** A card as the `card` link operation receives it, held in memory only for the vault call. */
export interface CardToVault {
  readonly cardNumber: string;
  readonly expMonth: string;
  readonly expYear: string;
  readonly cardholderName: string;
}

/** What the service keeps instead of the card number: the provider's token for it, and which provider issued it. */
export interface VaultedCard {
  /** The provider whose PUSH_TO_CARD rail can pay this token (`increase`, `modern_treasury`, `simulated`). */
  readonly vault: string;
  readonly token: string;
}

/**
 * Hands a card number to the provider that pays PUSH_TO_CARD and answers its token, so the service never stores
 * the number (docs/decisions/0003-cards-tokenised-at-link-time.md). `key` (the linked account id) is the provider's idempotency key where it
 * takes one. A card the provider refuses (an invalid number, a card range it cannot push to) is an error value
 * with a detail that never quotes the number; no answer, a 5xx or a 429 is thrown, and nothing is linked.
 */
export interface CardVault {
  readonly vault: string;
  tokenize(card: CardToVault, key: string): Promise<Result<VaultedCard, string>>;
}
