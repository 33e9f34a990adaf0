import { RAIL_IDS, type RailId } from '@payout/domain';

export const RAIL_PROVIDERS = ['simulated', 'increase', 'paypal', 'disabled'] as const;
export type RailProvider = (typeof RAIL_PROVIDERS)[number];

/** The rails each provider can serve; `simulated` and `disabled` stand for any. */
const SERVES: Readonly<Record<RailProvider, readonly RailId[]>> = {
  simulated: RAIL_IDS,
  disabled: RAIL_IDS,
  increase: ['ACH', 'RTP', 'WIRE'],
  paypal: ['PAYPAL', 'VENMO'],
};

export interface IncreaseConfig {
  readonly apiKey: string;
  readonly baseUrl: string;
  readonly accountId: string;
  /** Needed for RTP only; '' when unset. */
  readonly accountNumberId: string;
  /** The Event Subscription's secret; null: Increase's webhooks are not received (polling alone). */
  readonly webhookSecret: string | null;
}

export interface PayPalConfig {
  readonly baseUrl: string;
  readonly clientId: string;
  readonly clientSecret: string;
}

/** Which adapter serves each rail (RAILS), and the credentials of the providers in use. */
export interface RailsConfig {
  readonly providers: Readonly<Record<RailId, RailProvider>>;
  /** Set when a rail is served by Increase. */
  readonly increase: IncreaseConfig | null;
  /** Set when a rail is served by PayPal. */
  readonly paypal: PayPalConfig | null;
}

type Env = Readonly<Record<string, string | undefined>>;

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** An http(s) URL without its trailing slash; production accepts plain http only to this machine (a local fake). */
function baseUrl(env: Env, name: string, production: boolean, errors: string[], fallback?: string): string {
  const raw = env[name] || fallback || '';
  let url: URL | null = null;
  try {
    url = new URL(raw);
  } catch {
    url = null;
  }
  if (!url || !['http:', 'https:'].includes(url.protocol) || url.username || url.search || url.hash)
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
  const missing = (rail: RailId, names: readonly string[]) => {
    const unset = names.filter((name) => !env[name]);
    if (unset.length > 0) lacking.push(`${rail}: ${providers[rail]} needs ${unset.join(', ')}`);
  };
  const increaseRails = uses('increase');
  for (const rail of increaseRails)
    missing(rail, [
      'INCREASE_API_KEY',
      'INCREASE_ACCOUNT_ID',
      ...(rail === 'RTP' ? ['INCREASE_ACCOUNT_NUMBER_ID'] : []),
    ]);
  const paypalRails = uses('paypal');
  for (const rail of paypalRails) missing(rail, PAYPAL_VARIABLES);
  errors.push(...lacking);
  const increase =
    increaseRails.length === 0
      ? null
      : {
          apiKey: env.INCREASE_API_KEY ?? '',
          baseUrl: baseUrl(env, 'INCREASE_BASE_URL', production, errors, 'https://api.increase.com'),
          accountId: env.INCREASE_ACCOUNT_ID ?? '',
          accountNumberId: env.INCREASE_ACCOUNT_NUMBER_ID ?? '',
          webhookSecret: env.INCREASE_WEBHOOK_SECRET || null,
        };
  const paypal =
    paypalRails.length === 0 || paypalSet.length < PAYPAL_VARIABLES.length
      ? null
      : {
          baseUrl: baseUrl(env, 'PAYPAL_BASE_URL', production, errors),
          clientId: env.PAYPAL_CLIENT_ID ?? '',
          clientSecret: env.PAYPAL_CLIENT_SECRET ?? '',
        };
  return { providers, increase, paypal };
}
