import { join } from 'node:path';
import { RAIL_IDS, type RailId } from '@payout/domain';
import { CronExpressionParser } from 'cron-parser';
import {
  type HttpLimitsConfig,
  loadHttpLimits,
  loadOutboundConfig,
  type OutboundConfig,
} from './edge.config.js';
import { type EncryptionKey, loadEncryptionKeys } from './encryption.config.js';
import { type Env, integer } from './env-values.js';
import { type JwtConfig, loadJwtConfig } from './jwt.config.js';
import { loadRailsConfig, type RailsConfig } from './rails.config.js';
import { type NameOfKind, type VariableName, variable } from './variables.js';

export type AppEnv = 'development' | 'test' | 'production';
export type ProcessRole = 'all' | 'api' | 'worker';

/** Withdrawal checks (submissions, polls) in flight per unit of WORKER_CONCURRENCY: each mostly waits on a rail. */
export const WITHDRAWAL_CHECKS_PER_WORKER_UNIT = 8;

export interface AppConfig {
  readonly appEnv: AppEnv;
  readonly role: ProcessRole;
  readonly port: number;
  readonly host: string;
  /** A worker process's own port (`/healthz`, `/readyz`, `/metrics`) on `host`; the API's serves them elsewhere. */
  readonly workerPort: number;
  readonly databaseUrl: string | null;
  /**
   * A streaming replica of DATABASE_URL's server for the lookups and lists (DATABASE_READ_URL); null: every read
   * goes to DATABASE_URL. Needs REDIS_URL, where the API processes note who wrote lately (docs/deploying.md).
   */
  readonly databaseReadUrl: string | null;
  /** How far behind the primary a replica read may be, and how long a writer reads from the primary after a write. */
  readonly databaseReadMaxLagMs: number;
  readonly redisUrl: string | null;
  readonly dataDir: string;
  readonly jwt: JwtConfig;
  /** The field cipher's keys (encryption.config.ts): the first seals, every one opens. */
  readonly encryptionKeys: readonly EncryptionKey[];
  readonly trustProxy: boolean | number | string;
  /** Where requests a merchant or an operator chose (webhook deliveries) may go (edge.config.ts). */
  readonly outbound: OutboundConfig;
  /** The API server's deadlines and connection cap (edge.config.ts). */
  readonly http: HttpLimitsConfig;
  readonly withdrawalRateLimitPerMinute: number;
  readonly approvalTtlSeconds: number;
  readonly railTimeoutMs: number;
  readonly railDelaysMs: Partial<Record<RailId, number>>;
  /** Which adapter serves each rail, and the credentials of the providers in use (RAILS, rails.config.ts). */
  readonly rails: RailsConfig;
  readonly webhookRetryScheduleMs: readonly number[] | null;
  /**
   * Withdrawal checks in flight per worker process: this times WITHDRAWAL_CHECKS_PER_WORKER_UNIT. A check mostly
   * waits on a rail, so many are in flight at once.
   */
  readonly workerConcurrency: number;
  /** Webhook deliveries in flight per worker process, to all endpoints together. */
  readonly webhookConcurrency: number;
  /**
   * Most deliveries of one merchant in flight per worker process (WEBHOOK_CONCURRENCY_PER_MERCHANT, half of
   * WEBHOOK_CONCURRENCY by default): a merchant with a backlog and a slow endpoint leaves the other slots to the
   * other merchants.
   */
  readonly webhookConcurrencyPerMerchant: number;
  /**
   * Connections per worker process to one webhook receiver; deliveries beyond them wait their turn (inside the
   * delivery's WEBHOOK_TIMEOUT_MS). 0, the default: no cap on connections (WEBHOOK_CONCURRENCY_PER_MERCHANT caps deliveries).
   */
  readonly webhookConnectionsPerEndpoint: number;
  /** How long one webhook delivery may take (WEBHOOK_TIMEOUT_MS), waiting for a connection included. */
  readonly webhookTimeoutMs: number;
  /** Connections per process: the Knex pool; pg-boss keeps its own, smaller one. */
  readonly databasePoolMax: number;
  /** `fast` reclaims a dead worker's jobs within ~15 s (tests, fault drills); `default` within ~45 s. */
  readonly jobQueueProfile: 'default' | 'fast';
  readonly logLevel: string;
  /** LOG_FORMAT; null: pretty in development on a terminal, JSON otherwise (`defaultLogFormat`). */
  readonly logFormat: 'json' | 'pretty' | null;
  /** How long a graceful shutdown may take before the process exits anyway (under a 30 s termination grace). */
  readonly shutdownTimeoutMs: number;
  /**
   * How long a stopping process keeps serving with `/readyz` answering 503, before it closes its listener: a load
   * balancer takes it out of rotation meanwhile (SHUTDOWN_DRAIN_MS, 0 by default: close at once).
   */
  readonly shutdownDrainMs: number;
  /** When workers check that every wallet equals its postings (cron, UTC); null: never (LEDGER_VERIFICATION_CRON=off). */
  readonly ledgerVerificationCron: string | null;
  /**
   * When workers read every configured provider's balance (cron, UTC; PROVIDER_BALANCE_CRON, every 15 minutes by
   * default); null: never (off).
   */
  readonly providerBalanceCron: string | null;
  /** When workers make the month partitions ahead (cron, UTC; PARTITIONS_CRON); null: never (off). */
  readonly partitionsCron: string | null;
  /** When workers archive the months past their retention (cron, UTC; ARCHIVE_CRON); null: never (off). */
  readonly archiveCron: string | null;
  /** Where archived months are written (ARCHIVE_DIR, `DATA_DIR/archive` by default). */
  readonly archiveDir: string;
  /** Months kept in the database per table family (RETENTION_*_MONTHS), the current month not counted. */
  readonly retentionMonths: {
    readonly ledger: number;
    readonly 'withdrawal-history': number;
    readonly webhooks: number;
    readonly reconciliation: number;
  };
  /**
   * When workers reconcile yesterday for every provider whose records are read (cron, UTC; RECONCILIATION_CRON,
   * daily at 04:00 by default); null: never.
   */
  readonly reconciliationCron: string | null;
  /**
   * Per provider, the balance under which `payout_provider_balance_floor` makes the alert fire, in dollars
   * (INCREASE_BALANCE_FLOOR, MODERN_TREASURY_BALANCE_FLOOR, PAYPAL_BALANCE_FLOOR, WISE_BALANCE_FLOOR); a provider
   * without one has no floor.
   */
  readonly providerBalanceFloors: Readonly<Record<string, string>>;
  /** Names of the secrets that fell back to development defaults; the start-up log lists them. */
  readonly developmentDefaults: readonly string[];
}

export { DEV_ENCRYPTION_KEY } from './encryption.config.js';
/** Development-only defaults: refused in production, named in the start-up log everywhere else. */
export { DEV_JWT_SECRET } from './jwt.config.js';

export type ConfigResult =
  | { readonly ok: true; readonly config: AppConfig }
  | { readonly ok: false; readonly errors: string[] };

function railDelays(raw: string | undefined, errors: string[]): Partial<Record<RailId, number>> {
  const delays: Partial<Record<RailId, number>> = {};
  if (!raw) return delays;
  for (const pair of raw.split(',')) {
    const [rail, ms] = pair.split('=').map((s) => s.trim());
    if (!RAIL_IDS.includes(rail as RailId) || !/^\d+$/.test(ms ?? '')) {
      errors.push(
        `RAIL_DELAYS_MS must look like "ACH=5000,RTP=1000" with rails ${RAIL_IDS.join(', ')} (bad part "${pair}")`,
      );
      continue;
    }
    delays[rail as RailId] = Number(ms);
  }
  return delays;
}

function schedule(raw: string | undefined, errors: string[]): number[] | null {
  if (!raw) return null;
  const parts = raw.split(',').map((s) => s.trim());
  if (parts.length === 0 || parts.some((p) => !/^\d+$/.test(p))) {
    errors.push('WEBHOOK_RETRY_SCHEDULE_MS must be a comma-separated list of milliseconds');
    return null;
  }
  return parts.map(Number);
}

/** The URL in `name`, or null when unset; a malformed one is an error naming the variable (not a later ENOTFOUND). */
function url(env: Env, name: VariableName, protocols: readonly string[], errors: string[]): string | null {
  const raw = env[name];
  if (!raw) return null;
  let parsed: URL | null = null;
  try {
    parsed = new URL(raw);
  } catch {
    // Reported below.
  }
  // A '#' or an unencoded '/' in a password cuts the URL short: what follows is no longer the host.
  if (!parsed || !protocols.includes(parsed.protocol) || !parsed.hostname || parsed.hash) {
    const shape = protocols.map((p) => `${p}//host`).join(' or ');
    errors.push(
      `${name} must be a URL like ${shape}${parsed ? ` (got protocol "${parsed.protocol}", host "${parsed.hostname}")` : ' (it does not parse; percent-encode special characters in the password)'}`,
    );
    return null;
  }
  return raw;
}

/** `name`'s value when it is one of its declared values; otherwise an error listing them. */
function choice(env: Env, name: NameOfKind<'choice'>, errors: string[]): string | undefined {
  const { values } = variable(name);
  const raw = env[name];
  if (raw === undefined || (values as readonly string[]).includes(raw)) return raw;
  errors.push(`${name} must be ${values.slice(0, -1).join(', ')} or ${values.at(-1)} (got "${raw}")`);
  return raw;
}

/**
 * Five cron fields (minute hour day-of-month month day-of-week) of digits, `*`, `/`, `,` and `-`, each within its
 * range as pg-boss's own parser (cron-parser) reads them, so a bad one stops every process at start, not the
 * workers once they schedule it; `off`: null.
 */
function cron(
  name:
    | 'LEDGER_VERIFICATION_CRON'
    | 'PROVIDER_BALANCE_CRON'
    | 'RECONCILIATION_CRON'
    | 'PARTITIONS_CRON'
    | 'ARCHIVE_CRON',
  raw: string | undefined,
  errors: string[],
): string | null {
  const fallback = String(variable(name).fallback);
  const value = raw?.trim() || fallback;
  if (value === 'off') return null;
  const fields = value.split(/\s+/);
  const shaped = fields.length === 5 && fields.every((field) => /^[\d*/,-]+$/.test(field));
  try {
    if (shaped) {
      CronExpressionParser.parse(fields.join(' '), { tz: 'UTC' });
      return fields.join(' ');
    }
  } catch {
    // Reported below.
  }
  errors.push(`${name} must be five cron fields such as "${fallback}", or off (got "${raw}")`);
  return null;
}

/** The variable of each provider's balance floor (`providerBalanceFloors`). */
const BALANCE_FLOOR_VARIABLES: Readonly<Record<string, VariableName>> = {
  increase: 'INCREASE_BALANCE_FLOOR',
  modern_treasury: 'MODERN_TREASURY_BALANCE_FLOOR',
  paypal: 'PAYPAL_BALANCE_FLOOR',
  wise: 'WISE_BALANCE_FLOOR',
};

/** The providers' balance floors that are set: each an amount in dollars, at most two decimals. */
function balanceFloors(env: Env, errors: string[]): Record<string, string> {
  const floors: Record<string, string> = {};
  for (const [provider, name] of Object.entries(BALANCE_FLOOR_VARIABLES)) {
    const raw = env[name]?.trim();
    if (!raw) continue;
    if (/^\d{1,15}(\.\d{1,2})?$/.test(raw)) floors[provider] = raw;
    else errors.push(`${name} must be an amount in dollars such as 5000 or 2500.50 (got "${raw}")`);
  }
  return floors;
}

function trustProxy(raw: string | undefined): boolean | number | string {
  if (raw === undefined || raw === '' || raw === 'false') return false;
  if (raw === 'true') return true;
  return /^\d+$/.test(raw) ? Number(raw) : raw;
}

/**
 * Reads and checks every variable at once, so a bad deployment hears about all its mistakes in one message.
 * Outside production, unset secrets get development defaults; production refuses them (docs/product.md §10).
 */
export function loadConfig(env: Env): ConfigResult {
  const errors: string[] = [];
  // An image built for production (NODE_ENV=production) must not fall back to secrets anyone can mint with.
  const appEnv = (choice(env, 'APP_ENV', errors) ??
    (env.NODE_ENV === 'production' ? 'production' : 'development')) as AppEnv;
  if (env.JOB_QUEUE_PROFILE) choice(env, 'JOB_QUEUE_PROFILE', errors);
  if (env.LOG_FORMAT) choice(env, 'LOG_FORMAT', errors);
  const role = (choice(env, 'PROCESS_ROLE', errors) ?? variable('PROCESS_ROLE').fallback) as ProcessRole;
  const production = appEnv === 'production';
  const developmentDefaults: string[] = [];
  const jwt = loadJwtConfig(env, production, errors, developmentDefaults);
  const encryptionKeys = loadEncryptionKeys(env, production, errors, developmentDefaults);
  if (production && !env.DATABASE_URL) errors.push('DATABASE_URL is required in production');
  if (env.DATABASE_READ_URL && !env.DATABASE_URL)
    errors.push('DATABASE_READ_URL needs DATABASE_URL: a replica of the embedded server is not supported');
  if (env.DATABASE_READ_URL && !env.REDIS_URL)
    errors.push('DATABASE_READ_URL needs REDIS_URL: the API processes note there who wrote lately');
  const webhookConcurrency = integer(env, 'WEBHOOK_CONCURRENCY', errors);
  const shutdownTimeoutMs = integer(env, 'SHUTDOWN_TIMEOUT_MS', errors);
  const config: AppConfig = {
    appEnv,
    role,
    port: integer(env, 'PORT', errors),
    // Outside production the development secrets sign tokens that anyone can mint: listen on loopback only.
    host: env.HOST || (production ? '0.0.0.0' : variable('HOST').fallback),
    // The port of OpenTelemetry's Prometheus exporter: scrape configurations often expect it.
    workerPort: integer(env, 'WORKER_PORT', errors),
    databaseUrl: url(env, 'DATABASE_URL', ['postgres:', 'postgresql:'], errors),
    databaseReadUrl: url(env, 'DATABASE_READ_URL', ['postgres:', 'postgresql:'], errors),
    databaseReadMaxLagMs: integer(env, 'DATABASE_READ_MAX_LAG_MS', errors),
    redisUrl: url(env, 'REDIS_URL', ['redis:', 'rediss:'], errors),
    dataDir: env.DATA_DIR || variable('DATA_DIR').fallback,
    jwt,
    encryptionKeys,
    trustProxy: trustProxy(env.TRUST_PROXY),
    outbound: loadOutboundConfig(env, production, errors),
    http: loadHttpLimits(env, trustProxy(env.TRUST_PROXY) !== false, errors),
    withdrawalRateLimitPerMinute: integer(env, 'WITHDRAWAL_RATE_LIMIT_PER_MINUTE', errors),
    approvalTtlSeconds: integer(env, 'APPROVAL_TTL_SECONDS', errors),
    railTimeoutMs: integer(env, 'RAIL_TIMEOUT_MS', errors),
    railDelaysMs: railDelays(env.RAIL_DELAYS_MS, errors),
    rails: loadRailsConfig(env, production, errors),
    webhookRetryScheduleMs: schedule(env.WEBHOOK_RETRY_SCHEDULE_MS, errors),
    workerConcurrency: integer(env, 'WORKER_CONCURRENCY', errors),
    webhookConcurrency,
    webhookConcurrencyPerMerchant: integer(env, 'WEBHOOK_CONCURRENCY_PER_MERCHANT', errors, {
      fallback: Math.ceil(webhookConcurrency / 2),
      max: webhookConcurrency,
    }),
    webhookConnectionsPerEndpoint: integer(env, 'WEBHOOK_CONNECTIONS_PER_ENDPOINT', errors),
    webhookTimeoutMs: integer(env, 'WEBHOOK_TIMEOUT_MS', errors),
    databasePoolMax: integer(env, 'DATABASE_POOL_MAX', errors),
    jobQueueProfile: env.JOB_QUEUE_PROFILE === 'fast' ? 'fast' : 'default',
    logLevel: env.LOG_LEVEL || (appEnv === 'test' ? 'silent' : variable('LOG_LEVEL').fallback),
    logFormat: env.LOG_FORMAT === 'json' || env.LOG_FORMAT === 'pretty' ? env.LOG_FORMAT : null,
    shutdownTimeoutMs,
    shutdownDrainMs: integer(env, 'SHUTDOWN_DRAIN_MS', errors, { max: shutdownTimeoutMs - 1 }),
    ledgerVerificationCron: cron('LEDGER_VERIFICATION_CRON', env.LEDGER_VERIFICATION_CRON, errors),
    providerBalanceCron: cron('PROVIDER_BALANCE_CRON', env.PROVIDER_BALANCE_CRON, errors),
    reconciliationCron: cron('RECONCILIATION_CRON', env.RECONCILIATION_CRON, errors),
    partitionsCron: cron('PARTITIONS_CRON', env.PARTITIONS_CRON, errors),
    archiveCron: cron('ARCHIVE_CRON', env.ARCHIVE_CRON, errors),
    archiveDir: env.ARCHIVE_DIR || join(env.DATA_DIR || variable('DATA_DIR').fallback, 'archive'),
    retentionMonths: {
      ledger: integer(env, 'RETENTION_LEDGER_MONTHS', errors),
      'withdrawal-history': integer(env, 'RETENTION_WITHDRAWAL_HISTORY_MONTHS', errors),
      webhooks: integer(env, 'RETENTION_WEBHOOK_MONTHS', errors),
      reconciliation: integer(env, 'RETENTION_RECONCILIATION_MONTHS', errors),
    },
    providerBalanceFloors: balanceFloors(env, errors),
    developmentDefaults,
  };
  return errors.length > 0 ? { ok: false, errors } : { ok: true, config };
}
