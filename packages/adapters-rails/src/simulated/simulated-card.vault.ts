import { type CardToVault, type CardVault, ok, type Result, type VaultedCard } from '@payout/domain';

/**
 * The card vault outside production when PUSH_TO_CARD is simulated or disabled: it keeps nothing and answers a
 * token made from the key, so a linked card is stored as it is in production, without its number.
 */
export class SimulatedCardVault implements CardVault {
  readonly vault = 'simulated';

  async tokenize(_card: CardToVault, key: string): Promise<Result<VaultedCard, string>> {
    return ok({ vault: this.vault, token: `simulated_card_token_${key}` });
  }
}
