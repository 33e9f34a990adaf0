import {
  createIncreaseRails,
  createModernTreasuryRails,
  createPayPalRails,
  createSimulatedRails,
  IncreaseWebhookVerifier,
  ModernTreasuryWebhookVerifier,
  PayPalWebhookVerifier,
  WiseTransferRail,
  WiseWebhookVerifier,
} from '@payout/adapters-rails';
import {
  type Clock,
  createRailRegistry,
  type PayoutRail,
  RAIL_IDS,
  type RailId,
  type RailRegistry,
  type RailStepStore,
  type RailWebhookVerifier,
  type SimulatedPayoutBook,
} from '@payout/domain';
import type { AppConfig } from '../config/config.js';
import type { RailProvider } from '../config/rails.config.js';

/** Wraps a provider's adapters (metrics, logs); the identity by default. */
export type RailObserver = (rails: readonly PayoutRail[], provider: RailProvider) => readonly PayoutRail[];

/**
 * What the rails are built with besides configuration: the clock, where multi-step rails keep their steps, and the
 * simulated provider's book (one of the rails' own in memory when none is given).
 */
export interface RailsContext {
  readonly clock: Clock;
  readonly steps: RailStepStore;
  readonly simulatedBook?: SimulatedPayoutBook;
}

/**
 * The rails as RAILS names them: each provider's adapters for its rails, as `observe` wraps them, and the disabled
 * ones switched off.
 */
export function railsFor(
  config: AppConfig,
  { clock, steps, simulatedBook }: RailsContext,
  observe: RailObserver = (rails) => rails,
): RailRegistry {
  const { providers, increase, paypal, modernTreasury, wise } = config.rails;
  const http = { clock, timeoutMs: config.railTimeoutMs };
  // A provider whose webhooks come in is polled only as a safety net (pollIntervalOf in the adapters).
  const polled = (provider: RailProvider) => ({
    ...http,
    webhooksReceived: receivesWebhooks(config, provider),
  });
  const adapters: Readonly<Record<Exclude<RailProvider, 'disabled'>, readonly PayoutRail[]>> = {
    simulated: observe(
      createSimulatedRails({ clock, delaysMs: config.railDelaysMs, book: simulatedBook }),
      'simulated',
    ),
    increase: increase
      ? observe(
          createIncreaseRails({
            ...increase,
            ...polled('increase'),
            cardSender: increase.cardPush?.cardSender,
          }),
          'increase',
        )
      : [],
    paypal: paypal ? observe(createPayPalRails({ ...paypal, ...polled('paypal') }), 'paypal') : [],
    modern_treasury: modernTreasury
      ? observe(
          createModernTreasuryRails({ ...modernTreasury, ...polled('modern_treasury') }),
          'modern_treasury',
        )
      : [],
    wise: wise ? observe([new WiseTransferRail({ ...wise, ...polled('wise'), steps })], 'wise') : [],
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

/** Whether `provider`'s webhooks are received here: its webhook credential is configured. */
function receivesWebhooks({ rails }: AppConfig, provider: RailProvider): boolean {
  if (provider === 'increase') return Boolean(rails.increase?.webhookSecret);
  if (provider === 'modern_treasury') return Boolean(rails.modernTreasury?.webhookKey);
  if (provider === 'wise') return Boolean(rails.wise?.webhookPublicKey);
  return provider === 'paypal' && Boolean(rails.paypal?.webhookId);
}

/**
 * The providers whose webhooks this deployment receives: those in use whose webhook credential is configured. Their
 * rails poll at the slower safety-net cadence (railsFor's `webhooksReceived`).
 */
export function railWebhookVerifiersFor(config: AppConfig, clock: Clock): RailWebhookVerifier[] {
  const { providers, increase, modernTreasury, wise, paypal } = config.rails;
  const railsOf = (provider: RailProvider) => RAIL_IDS.filter((rail) => providers[rail] === provider);
  const verifiers: RailWebhookVerifier[] = [];
  if (increase?.webhookSecret)
    verifiers.push(
      new IncreaseWebhookVerifier({
        secret: increase.webhookSecret,
        clock,
        rails: railsOf('increase'),
      }),
    );
  if (modernTreasury?.webhookKey)
    verifiers.push(
      new ModernTreasuryWebhookVerifier({
        webhookKey: modernTreasury.webhookKey,
        rails: railsOf('modern_treasury'),
      }),
    );
  if (wise?.webhookPublicKey)
    verifiers.push(new WiseWebhookVerifier({ publicKey: wise.webhookPublicKey, rails: railsOf('wise') }));
  if (paypal?.webhookId)
    verifiers.push(
      new PayPalWebhookVerifier({
        ...paypal,
        webhookId: paypal.webhookId,
        clock,
        timeoutMs: config.railTimeoutMs,
        rails: railsOf('paypal'),
      }),
    );
  return verifiers;
}
