import { createPrivateKey, createPublicKey } from 'node:crypto';
import type { IncreaseCardSender, WiseTransferDetails } from '@payout/adapters-rails';
import { RAIL_IDS, type RailId } from '@payout/domain';
import { type ConfigEnv, fallbackOf, type VariableName } from './variables.js';

const RAIL_PROVIDERS = ['simulated', 'increase', 'paypal', 'modern_treasury', 'wise', 'disabled'] as const;
export type RailProvider = (typeof RAIL_PROVIDERS)[number];

/** The rails each provider can serve; `simulated` and `disabled` stand for any. */
const SERVES: Readonly<Record<RailProvider, readonly RailId[]>> = {
  simulated: RAIL_IDS,
  disabled: RAIL_IDS,
  increase: ['ACH', 'RTP', 'WIRE', 'PUSH_TO_CARD'],
  paypal: ['PAYPAL', 'VENMO'],
  modern_treasury: ['ACH', 'RTP', 'WIRE', 'SWIFT', 'PUSH_TO_CARD'],
  wise: ['SWIFT'],
};

interface IncreaseConfig {
  readonly apiKey: string;
  readonly baseUrl: string;
  readonly accountId: string;
  /** Needed for RTP and PUSH_TO_CARD only; '' when unset. */
  readonly accountNumberId: string;
  /** The Event Subscription's secret; null: Increase's webhooks are not received (polling alone). */
  readonly webhookSecret: string | null;
  /** Set when Increase serves PUSH_TO_CARD: its card vault and who sends the payouts. */
  readonly cardPush: IncreaseCardPushConfig | null;
}

interface IncreaseCardPushConfig {
  readonly vaultUrl: string;
  readonly tokenizationKey: string;
  readonly cardSender: IncreaseCardSender;
}

/** Who sends card payouts, as the card networks show it: Increase requires each on every Card Push Transfer. */
const INCREASE_CARD_SENDER_VARIABLES = {
  name: 'INCREASE_CARD_SENDER_NAME',
  namePrefix: 'INCREASE_CARD_SENDER_NAME_PREFIX',
  categoryCode: 'INCREASE_CARD_SENDER_CATEGORY_CODE',
  addressLine1: 'INCREASE_CARD_SENDER_ADDRESS_LINE1',
  city: 'INCREASE_CARD_SENDER_CITY',
  state: 'INCREASE_CARD_SENDER_STATE',
  postalCode: 'INCREASE_CARD_SENDER_POSTAL_CODE',
} as const;

interface PayPalConfig {
  readonly baseUrl: string;
  readonly clientId: string;
  readonly clientSecret: string;
  /** PAYPAL_RETURN_WINDOW_DAYS: how long a paid payout is watched for a refund or reversal; the adapter's default when unset. */
  readonly returnWindowMs?: number;
  /** PAYPAL_WEBHOOK_ID, the id of the webhook registered at PayPal; unset: PayPal's webhooks are not received. */
  readonly webhookId?: string;
}

interface WiseConfig {
  readonly apiToken: string;
  /** The numeric id of the Wise business profile that sends and funds the transfers. */
  readonly profileId: string;
  readonly baseUrl: string;
  /** WISE_WEBHOOK_PUBLIC_KEY, Wise's webhook signing key (PEM); unset: Wise's webhooks are not received. */
  readonly webhookPublicKey?: string;
  /** WISE_SCA_PRIVATE_KEY: signs the one-time token of an SCA-protected funding; production requires it. */
  readonly scaPrivateKey?: string;
  /** WISE_SOURCE_OF_FUNDS, WISE_TRANSFER_PURPOSE, WISE_TRANSFER_PURPOSE_SUB: a route's transfer requirements. */
  readonly transferDetails: WiseTransferDetails;
}

interface ModernTreasuryConfig {
  readonly apiKey: string;
  readonly organizationId: string;
  readonly baseUrl: string;
  /** The internal account payment orders are sent from. */
  readonly originatingAccountId: string;
  /** MODERN_TREASURY_WEBHOOK_KEY; unset: Modern Treasury's webhooks are not received. */
  readonly webhookKey?: string;
}

/** Which adapter serves each rail (RAILS), and the credentials of the providers in use. */
export interface RailsConfig {
  readonly providers: Readonly<Record<RailId, RailProvider>>;
  /** Set when a rail is served by Increase. */
  readonly increase: IncreaseConfig | null;
  /** Set when a rail is served by PayPal. */
  readonly paypal: PayPalConfig | null;
  /** Set when a rail is served by Modern Treasury. */
  readonly modernTreasury: ModernTreasuryConfig | null;
  /** Set when a rail is served by Wise. */
  readonly wise: WiseConfig | null;
}

type Env = ConfigEnv;

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

/**
 * An http(s) URL without its trailing slash, `name`'s declared default when unset; production accepts plain http
 * only to this machine (a local fake).
 */
function baseUrl(env: Env, name: VariableName, production: boolean, errors: string[]): string {
  const raw = env[name] || String(fallbackOf(name) ?? '');
  let url: URL | null = null;
  try {
    url = new URL(raw);
  } catch {
    url = null;
  }
  if (url && (url.username || url.password))
    // Not repeated: the message would carry the credentials into the deployment's logs.
    errors.push(`${name} must not carry credentials (a user name or password in the URL)`);
  else if (!url || !['http:', 'https:'].includes(url.protocol) || url.search || url.hash)
    errors.push(`${name} must be an http(s) URL without credentials, query or fragment (got "${raw}")`);
  else if (production && url.protocol === 'http:' && !LOOPBACK.has(url.hostname))
    errors.push(`${name} must be https in production (got "${raw}")`);
  return raw.replace(/\/+$/, '');
}

/** RAILS as given: `RAIL=provider` pairs, each rail at most once. */
function listedProviders(raw: string | undefined, errors: string[]): Partial<Record<RailId, RailProvider>> {
  const listed: Partial<Record<RailId, RailProvider>> = {};
  if (!raw?.trim()) return listed;
  for (const pair of raw.split(',')) {
    const [rail, provider] = pair.split('=').map((s) => s.trim());
    if (!RAIL_IDS.includes(rail as RailId) || !RAIL_PROVIDERS.includes(provider as RailProvider)) {
      errors.push(
        `RAILS must look like "ACH=increase,ZELLE=disabled" with rails ${RAIL_IDS.join(', ')} and providers ${RAIL_PROVIDERS.join(', ')} (bad part "${pair}")`,
      );
      continue;
    }
    if (listed[rail as RailId]) errors.push(`RAILS names ${rail} twice`);
    listed[rail as RailId] = provider as RailProvider;
  }
  return listed;
}

const PAYPAL_VARIABLES = ['PAYPAL_BASE_URL', 'PAYPAL_CLIENT_ID', 'PAYPAL_CLIENT_SECRET'] as const;
const MODERN_TREASURY_VARIABLES = [
  'MODERN_TREASURY_API_KEY',
  'MODERN_TREASURY_ORGANIZATION_ID',
  'MODERN_TREASURY_ORIGINATING_ACCOUNT_ID',
] as const;
const DAY_MS = 24 * 3_600_000;

/** PAYPAL_RETURN_WINDOW_DAYS, when set: a whole number of days, 0 to stop watching for returns. */
function paypalReturnWindow(env: Env, errors: string[]): { returnWindowMs?: number } {
  const raw = env.PAYPAL_RETURN_WINDOW_DAYS;
  if (raw === undefined || raw === '') return {};
  if (/^\d{1,3}$/.test(raw)) return { returnWindowMs: Number(raw) * DAY_MS };
  errors.push(`PAYPAL_RETURN_WINDOW_DAYS must be a whole number of days up to 999 (got "${raw}")`);
  return {};
}

/** The card vault and the card sender of Increase's PUSH_TO_CARD; the sender variables are checked with the rail. */
function increaseCardPush(env: Env, production: boolean, errors: string[]): IncreaseCardPushConfig {
  const read = (field: keyof typeof INCREASE_CARD_SENDER_VARIABLES) =>
    env[INCREASE_CARD_SENDER_VARIABLES[field]] ?? '';
  return {
    vaultUrl: baseUrl(env, 'INCREASE_VAULT_URL', production, errors),
    tokenizationKey: env.INCREASE_CARD_TOKENIZATION_KEY ?? '',
    cardSender: {
      name: read('name'),
      namePrefix: read('namePrefix'),
      categoryCode: read('categoryCode'),
      addressLine1: read('addressLine1'),
      city: read('city'),
      state: read('state'),
      postalCode: read('postalCode'),
    },
  };
}

/**
 * The provider webhook variables that are set, checked: Wise's key must be a PEM public key (a `\n` written as
 * two characters, as .env files often carry it, is a line break); PayPal's webhook id is letters and digits.
 */
function webhookVariables(env: Env, errors: string[]) {
  const wiseKey = env.WISE_WEBHOOK_PUBLIC_KEY?.replaceAll('\\n', '\n').trim();
  if (wiseKey) {
    try {
      createPublicKey({ key: wiseKey, format: 'pem' });
    } catch {
      errors.push('WISE_WEBHOOK_PUBLIC_KEY must be the PEM public key Wise publishes for its webhooks');
    }
  }
  const paypalId = env.PAYPAL_WEBHOOK_ID?.trim();
  if (paypalId && !/^[A-Za-z0-9]+$/.test(paypalId))
    errors.push(
      `PAYPAL_WEBHOOK_ID must be the webhook id PayPal gave (letters and digits, got "${paypalId}")`,
    );
  return {
    modernTreasury: env.MODERN_TREASURY_WEBHOOK_KEY ? { webhookKey: env.MODERN_TREASURY_WEBHOOK_KEY } : {},
    wise: wiseKey ? { webhookPublicKey: wiseKey } : {},
    paypal: paypalId ? { webhookId: paypalId } : {},
  };
}

/**
 * WISE_SCA_PRIVATE_KEY, when set: the PEM RSA private key (2048 bits or more, as Wise requires) whose public half
 * is uploaded to Wise; a `\n` written as two characters is a line break. Never repeated in an error.
 */
function wiseScaKey(env: Env, errors: string[]): { scaPrivateKey?: string } {
  const pem = env.WISE_SCA_PRIVATE_KEY?.replaceAll('\\n', '\n').trim();
  if (!pem) return {};
  try {
    const key = createPrivateKey(pem);
    if (key.asymmetricKeyType === 'rsa' && (key.asymmetricKeyDetails?.modulusLength ?? 0) >= 2048)
      return { scaPrivateKey: pem };
  } catch {
    // Reported below, without the value.
  }
  errors.push('WISE_SCA_PRIVATE_KEY must be a PEM RSA private key of at least 2048 bits');
  return {};
}

/** The values Wise's transfer requirements may ask for on a route, as its own keys name them. */
function wiseTransferDetails(env: Env): WiseTransferDetails {
  const details = {
    sourceOfFunds: env.WISE_SOURCE_OF_FUNDS?.trim(),
    transferPurpose: env.WISE_TRANSFER_PURPOSE?.trim(),
    transferPurposeSubTransferPurpose: env.WISE_TRANSFER_PURPOSE_SUB?.trim(),
  };
  return Object.fromEntries(Object.entries(details).filter(([, value]) => value));
}

/**
 * Reads RAILS and the credentials of the providers it names. A rail RAILS does not list is simulated, except
 * PAYPAL and VENMO, which go to PayPal when the PayPal variables are set (as before RAILS existed). Production
 * refuses a simulated rail; every environment refuses a provider that cannot serve its rail, or one whose
 * credentials are missing, naming each rail and what it lacks.
 */
export function loadRailsConfig(env: Env, production: boolean, errors: string[]): RailsConfig {
  const listed = listedProviders(env.RAILS, errors);
  const paypalSet = PAYPAL_VARIABLES.filter((name) => env[name]);
  if (paypalSet.length > 0 && paypalSet.length < PAYPAL_VARIABLES.length)
    errors.push('PAYPAL_BASE_URL, PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET must be set together');
  const unlisted = (rail: RailId): RailProvider =>
    (rail === 'PAYPAL' || rail === 'VENMO') && paypalSet.length === PAYPAL_VARIABLES.length
      ? 'paypal'
      : 'simulated';
  const providers = Object.fromEntries(
    RAIL_IDS.map((rail) => [rail, listed[rail] ?? unlisted(rail)]),
  ) as Record<RailId, RailProvider>;
  const lacking: string[] = [];
  const uses = (provider: RailProvider) => RAIL_IDS.filter((rail) => providers[rail] === provider);
  for (const rail of RAIL_IDS) {
    const provider = providers[rail];
    if (!SERVES[provider].includes(rail)) lacking.push(`${rail}: ${provider} cannot serve the ${rail} rail`);
    else if (production && provider === 'simulated')
      lacking.push(
        `${rail}: simulated, which production refuses (name a real provider, or ${rail}=disabled)`,
      );
  }
  const missing = (rail: RailId, names: readonly VariableName[]) => {
    const unset = names.filter((name) => !env[name]);
    if (unset.length > 0) lacking.push(`${rail}: ${providers[rail]} needs ${unset.join(', ')}`);
  };
  const increaseRails = uses('increase');
  for (const rail of increaseRails)
    missing(
      rail,
      rail === 'PUSH_TO_CARD'
        ? [
            'INCREASE_API_KEY',
            // The card's validation is sent from the account (its account_id); the push, from its account number.
            'INCREASE_ACCOUNT_ID',
            'INCREASE_ACCOUNT_NUMBER_ID',
            'INCREASE_CARD_TOKENIZATION_KEY',
            ...Object.values(INCREASE_CARD_SENDER_VARIABLES),
          ]
        : [
            'INCREASE_API_KEY',
            'INCREASE_ACCOUNT_ID',
            ...(rail === 'RTP' ? (['INCREASE_ACCOUNT_NUMBER_ID'] as const) : []),
          ],
    );
  const paypalRails = uses('paypal');
  for (const rail of paypalRails) missing(rail, PAYPAL_VARIABLES);
  const modernTreasuryRails = uses('modern_treasury');
  for (const rail of modernTreasuryRails) missing(rail, MODERN_TREASURY_VARIABLES);
  const wiseRails = uses('wise');
  for (const rail of wiseRails) missing(rail, ['WISE_API_TOKEN', 'WISE_PROFILE_ID']);
  // Wise's profile ids are numbers, and the recipient account names its profile as one.
  if (wiseRails.length > 0 && env.WISE_PROFILE_ID && !/^\d+$/.test(env.WISE_PROFILE_ID))
    lacking.push(`WISE_PROFILE_ID must be the numeric id of a Wise profile (got "${env.WISE_PROFILE_ID}")`);
  if (wiseRails.length > 0 && production && !env.WISE_SCA_PRIVATE_KEY?.trim())
    lacking.push(
      'WISE_SCA_PRIVATE_KEY must be set in production: Wise protects the funding of transfers with SCA, signed with this key (docs/providers/wise.md)',
    );
  errors.push(...lacking);
  const webhooks = webhookVariables(env, errors);
  const increase =
    increaseRails.length === 0
      ? null
      : {
          apiKey: env.INCREASE_API_KEY ?? '',
          baseUrl: baseUrl(env, 'INCREASE_BASE_URL', production, errors),
          accountId: env.INCREASE_ACCOUNT_ID ?? '',
          accountNumberId: env.INCREASE_ACCOUNT_NUMBER_ID ?? '',
          webhookSecret: env.INCREASE_WEBHOOK_SECRET || null,
          cardPush: providers.PUSH_TO_CARD === 'increase' ? increaseCardPush(env, production, errors) : null,
        };
  const paypal =
    paypalRails.length === 0 || paypalSet.length < PAYPAL_VARIABLES.length
      ? null
      : {
          baseUrl: baseUrl(env, 'PAYPAL_BASE_URL', production, errors),
          clientId: env.PAYPAL_CLIENT_ID ?? '',
          clientSecret: env.PAYPAL_CLIENT_SECRET ?? '',
          ...paypalReturnWindow(env, errors),
          ...webhooks.paypal,
        };
  const modernTreasury =
    modernTreasuryRails.length === 0
      ? null
      : {
          apiKey: env.MODERN_TREASURY_API_KEY ?? '',
          organizationId: env.MODERN_TREASURY_ORGANIZATION_ID ?? '',
          baseUrl: baseUrl(env, 'MODERN_TREASURY_BASE_URL', production, errors),
          originatingAccountId: env.MODERN_TREASURY_ORIGINATING_ACCOUNT_ID ?? '',
          ...webhooks.modernTreasury,
        };
  const wise =
    wiseRails.length === 0
      ? null
      : {
          apiToken: env.WISE_API_TOKEN ?? '',
          profileId: env.WISE_PROFILE_ID ?? '',
          baseUrl: baseUrl(env, 'WISE_BASE_URL', production, errors),
          ...webhooks.wise,
          ...wiseScaKey(env, errors),
          transferDetails: wiseTransferDetails(env),
        };
  return { providers, increase, paypal, modernTreasury, wise };
}
