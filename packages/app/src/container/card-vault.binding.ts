import { IncreaseCardVault, ModernTreasuryCardVault, SimulatedCardVault } from '@payout/adapters-rails';
import type { CardVault } from '@payout/domain';
import type { AppConfig } from '../config/config.js';

/**
 * Where linked cards are tokenised (docs/decisions/0003-cards-tokenised-at-link-time.md): the vault of the provider that pays PUSH_TO_CARD, so
 * the token is one its rail can pay; the simulated vault when PUSH_TO_CARD is simulated or disabled.
 */
export function cardVaultFor(config: AppConfig): CardVault {
  const { providers, increase, modernTreasury } = config.rails;
  const timeoutMs = config.railTimeoutMs;
  if (providers.PUSH_TO_CARD === 'increase' && increase?.cardPush)
    return new IncreaseCardVault({ ...increase.cardPush, timeoutMs });
  if (providers.PUSH_TO_CARD === 'modern_treasury' && modernTreasury)
    return new ModernTreasuryCardVault({ ...modernTreasury, timeoutMs });
  return new SimulatedCardVault();
}
