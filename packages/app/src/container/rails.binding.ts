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
import type { RailProvider, RailsConfig } from '../config/rails.config.js';

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

type BoundProvider = Exclude<RailProvider, 'disabled'>;

/** What a provider's rails are built from: the configuration, the context and its HTTP settings. */
interface ProviderBuild extends RailsContext {
  readonly config: AppConfig;
  /** The clock, RAIL_TIMEOUT_MS, and whether its webhooks come (its rails then poll as a safety net only). */
  readonly http: { readonly clock: Clock; readonly timeoutMs: number; readonly webhooksReceived: boolean };
}

/** Makes a provider's webhook verifier for the rails it serves here. */
type VerifierFactory = (clock: Clock, rails: RailId[]) => RailWebhookVerifier;

interface ProviderRow {
  /** Its adapters; none when its credentials are not configured (configuration refuses a rail that needs them). */
  readonly rails: (build: ProviderBuild) => readonly PayoutRail[];
  /** Its webhook verifier when its webhook credential is configured, else null: its webhooks are not received. */
  readonly webhooks: (rails: RailsConfig, railTimeoutMs: number) => VerifierFactory | null;
}

/** Each provider RAILS may name, one row each: its adapters and its webhook verifier (listed in this order). */
const PROVIDERS: Readonly<Record<BoundProvider, ProviderRow>> = {
  simulated: {
    rails: ({ clock, config, simulatedBook }) =>
      createSimulatedRails({ clock, delaysMs: config.railDelaysMs, book: simulatedBook }),
    webhooks: () => null,
  },
  increase: {
    rails: ({ config: { rails }, http }) =>
      rails.increase
        ? createIncreaseRails({ ...rails.increase, ...http, cardSender: rails.increase.cardPush?.cardSender })
        : [],
    webhooks: ({ increase }) => {
      const secret = increase?.webhookSecret;
      return secret ? (clock, rails) => new IncreaseWebhookVerifier({ secret, clock, rails }) : null;
    },
  },
  modern_treasury: {
    rails: ({ config: { rails }, http }) =>
      rails.modernTreasury ? createModernTreasuryRails({ ...rails.modernTreasury, ...http }) : [],
    webhooks: ({ modernTreasury }) => {
      const webhookKey = modernTreasury?.webhookKey;
      return webhookKey ? (_clock, rails) => new ModernTreasuryWebhookVerifier({ webhookKey, rails }) : null;
    },
  },
  wise: {
    rails: ({ config: { rails }, http, steps }) =>
      rails.wise ? [new WiseTransferRail({ ...rails.wise, ...http, steps })] : [],
    webhooks: ({ wise }) => {
      const publicKey = wise?.webhookPublicKey;
      return publicKey ? (_clock, rails) => new WiseWebhookVerifier({ publicKey, rails }) : null;
    },
  },
  paypal: {
    rails: ({ config: { rails }, http }) =>
      rails.paypal ? createPayPalRails({ ...rails.paypal, ...http }) : [],
    webhooks: ({ paypal }, timeoutMs) => {
      const webhookId = paypal?.webhookId;
      return paypal && webhookId
        ? (clock, rails) => new PayPalWebhookVerifier({ ...paypal, webhookId, clock, timeoutMs, rails })
        : null;
    },
  },
};

const BOUND_PROVIDERS = Object.keys(PROVIDERS) as BoundProvider[];

/**
 * The rails as RAILS names them: each provider's adapters for its rails, as `observe` wraps them, and the disabled
 * ones switched off.
 */
export function railsFor(
  config: AppConfig,
  { clock, steps, simulatedBook }: RailsContext,
  observe: RailObserver = (rails) => rails,
): RailRegistry {
  const adapters = new Map(
    BOUND_PROVIDERS.map((provider) => {
      const { rails, webhooks } = PROVIDERS[provider];
      // A provider whose webhooks come in is polled only as a safety net (pollIntervalOf in the adapters).
      const webhooksReceived = webhooks(config.rails, config.railTimeoutMs) !== null;
      const http = { clock, timeoutMs: config.railTimeoutMs, webhooksReceived };
      return [provider, observe(rails({ config, clock, steps, simulatedBook, http }), provider)];
    }),
  );
  const bound: PayoutRail[] = [];
  const disabled: RailId[] = [];
  for (const rail of RAIL_IDS) {
    const provider = config.rails.providers[rail];
    if (provider === 'disabled') {
      disabled.push(rail);
      continue;
    }
    // Configuration has refused a provider that cannot serve the rail, or lacks its credentials.
    const adapter = adapters.get(provider)?.find((candidate) => candidate.id === rail);
    if (!adapter) throw new Error(`rail ${rail}: no ${provider} adapter is configured`);
    bound.push(adapter);
  }
  return createRailRegistry(bound, disabled);
}

/**
 * The providers whose webhooks this deployment receives: those in use whose webhook credential is configured. Their
 * rails poll at the slower safety-net cadence (railsFor's `webhooksReceived`).
 */
export function railWebhookVerifiersFor(config: AppConfig, clock: Clock): RailWebhookVerifier[] {
  const { providers } = config.rails;
  return BOUND_PROVIDERS.flatMap((provider) => {
    const verifier = PROVIDERS[provider].webhooks(config.rails, config.railTimeoutMs);
    return verifier
      ? [
          verifier(
            clock,
            RAIL_IDS.filter((rail) => providers[rail] === provider),
          ),
        ]
      : [];
  });
}
