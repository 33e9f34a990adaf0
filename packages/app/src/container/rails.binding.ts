import {
  createIncreaseRails,
  createModernTreasuryRails,
  createPayPalRails,
  createSimulatedRails,
  IncreaseWebhookVerifier,
  WiseTransferRail,
} from '@payout/adapters-rails';
import {
  type Clock,
  createRailRegistry,
  type PayoutRail,
  RAIL_IDS,
  type RailId,
  type RailRegistry,
  type RailWebhookVerifier,
} from '@payout/domain';
import type { AppConfig } from '../config/config.js';
import type { RailProvider } from '../config/rails.config.js';

/** Wraps a provider's adapters (metrics, logs); the identity by default. */
export type RailObserver = (rails: readonly PayoutRail[], provider: RailProvider) => readonly PayoutRail[];

/**
 * The rails as RAILS names them: each provider's adapters for its rails, as `observe` wraps them, and the disabled
 * ones switched off.
 */
export function railsFor(
  config: AppConfig,
  clock: Clock,
  observe: RailObserver = (rails) => rails,
): RailRegistry {
  const { providers, increase, paypal, modernTreasury, wise } = config.rails;
  const http = { clock, timeoutMs: config.railTimeoutMs };
  const adapters: Readonly<Record<Exclude<RailProvider, 'disabled'>, readonly PayoutRail[]>> = {
    simulated: observe(createSimulatedRails({ clock, delaysMs: config.railDelaysMs }), 'simulated'),
    increase: increase
      ? observe(
          createIncreaseRails({ ...increase, ...http, cardSender: increase.cardPush?.cardSender }),
          'increase',
        )
      : [],
    paypal: paypal ? observe(createPayPalRails({ ...paypal, ...http }), 'paypal') : [],
    modern_treasury: modernTreasury
      ? observe(createModernTreasuryRails({ ...modernTreasury, ...http }), 'modern_treasury')
      : [],
    wise: wise ? observe([new WiseTransferRail({ ...wise, ...http })], 'wise') : [],
  };
  const bound: PayoutRail[] = [];
  const disabled: RailId[] = [];
  for (const rail of RAIL_IDS) {
    const provider = providers[rail];
    if (provider === 'disabled') {
      disabled.push(rail);
      continue;
    }
    // Configuration has refused a provider that cannot serve the rail, or lacks its credentials.
    const adapter = adapters[provider].find((candidate) => candidate.id === rail);
    if (!adapter) throw new Error(`rail ${rail}: no ${provider} adapter is configured`);
    bound.push(adapter);
  }
  return createRailRegistry(bound, disabled);
}

/** The providers whose webhooks this deployment receives: those in use whose webhook secret is configured. */
export function railWebhookVerifiersFor(config: AppConfig, clock: Clock): RailWebhookVerifier[] {
  const { providers, increase } = config.rails;
  const verifiers: RailWebhookVerifier[] = [];
  if (increase?.webhookSecret)
    verifiers.push(
      new IncreaseWebhookVerifier({
        secret: increase.webhookSecret,
        clock,
        rails: RAIL_IDS.filter((rail) => providers[rail] === 'increase'),
      }),
    );
  return verifiers;
}
