import {
  IncreaseCardValidator,
  IncreaseRoutingNumberValidator,
  ModernTreasuryRoutingNumberValidator,
  WiseAccountRequirementsValidator,
} from '@payout/adapters-rails';
import type { Clock, LinkKind, RecipientValidator } from '@payout/domain';
import { UNCHECKED_RECIPIENTS } from '@payout/domain';
import type { AppConfig } from '../config/config.js';

/**
 * The check of a recipient's details at link time by the provider that would pay them: a bank link by the
 * provider of ACH (Increase's or Modern Treasury's routing number lookup), an international bank link by the
 * provider of SWIFT (Modern Treasury's BIC lookup, Wise's account requirements), a card link by Increase when it
 * pays cards (its card validation, asked again before each push). Other kinds, and other providers, are
 * unchecked: PayPal offers no lookup, and Modern Treasury checks a card when it is tokenised.
 */
export function recipientValidatorFor(config: AppConfig, clock: Clock): RecipientValidator {
  const { providers, increase, modernTreasury, wise } = config.rails;
  const http = { clock, timeoutMs: config.railTimeoutMs };
  const byProvider = {
    increase: increase ? new IncreaseRoutingNumberValidator({ ...increase, ...http }) : undefined,
    modern_treasury: modernTreasury
      ? new ModernTreasuryRoutingNumberValidator({ ...modernTreasury, ...http })
      : undefined,
    wise: wise ? new WiseAccountRequirementsValidator({ ...wise, ...http }) : undefined,
  } as const;
  const of = (provider: string) => byProvider[provider as keyof typeof byProvider] ?? UNCHECKED_RECIPIENTS;
  const cardPush = providers.PUSH_TO_CARD === 'increase' ? increase?.cardPush : undefined;
  const checks: Partial<Record<LinkKind, RecipientValidator>> = {
    bank: of(providers.ACH),
    international_bank: of(providers.SWIFT),
    ...(increase && cardPush
      ? { card: new IncreaseCardValidator({ ...increase, cardSender: cardPush.cardSender, ...http }) }
      : {}),
  };
  return { check: (kind, destination) => (checks[kind] ?? UNCHECKED_RECIPIENTS).check(kind, destination) };
}
