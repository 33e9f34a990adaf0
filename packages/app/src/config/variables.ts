import { DEFAULT_SETTLEMENT_DELAYS_MS } from '@payout/adapters-rails';
import { DEFAULT_WEBHOOK_RETRY_SCHEDULE_MS, RAIL_IDS, WITHDRAWAL_RATE_LIMIT } from '@payout/domain';
import { TRACING_DEFAULTS } from './tracing-defaults.js';

/**
 * Every environment variable the service reads, as data: the parser (config.ts, rails.config.ts) takes the
 * names, integer defaults and bounds and the allowed values from here, and docs/configuration.md is generated from
 * it (`npm run docs:config`), so the reference cannot drift from what is read.
 */
interface Declared {
  readonly name: string;
  readonly section: SectionId;
  /** What it is for, in Markdown; a sentence or two. */
  readonly description: string;
  /** The value used when it is unset, as the service uses it. */
  readonly fallback?: string | number;
  /** The default in words, where it is computed or is not a value (`half of WEBHOOK_CONCURRENCY`). */
  readonly defaultText?: string;
  /** How an environment treats it differently, by APP_ENV: `{ production: 'required' }`. */
  readonly environments?: Partial<Record<'development' | 'test' | 'production', string>>;
}

interface IntegerVariable extends Declared {
  readonly kind: 'integer';
  /** Omitted where the parser computes it from another variable (and `defaultText` says how). */
  readonly fallback?: number;
  readonly min: number;
  readonly max: number;
  /** The upper bound in words, where another variable sets it. */
  readonly maxText?: string;
}

interface ChoiceVariable extends Declared {
  readonly kind: 'choice';
  readonly values: readonly string[];
}

interface TextVariable extends Declared {
  readonly kind: 'text';
}

type Variable = IntegerVariable | ChoiceVariable | TextVariable;

export const CONFIG_SECTIONS = {
  service: { title: 'The service', intro: 'Which processes run, where they listen, how they log and stop.' },
  data: { title: 'Database and Redis', intro: 'Where the money is kept, and the shared rate limit.' },
  security: {
    title: 'Tokens and encryption',
    intro: 'How access tokens are verified and account numbers encrypted at rest.',
  },
  edge: {
    title: 'Requests in and out',
    intro:
      'How long a client may take over a request, how many connections it may hold, and where requests a merchant or an operator chose may go ([security](security.md)).',
  },
  withdrawals: { title: 'Withdrawals', intro: 'Limits on what merchants and their users may do.' },
  workers: {
    title: 'Workers',
    intro: 'The background work: submissions and polls, webhook deliveries, scheduled checks.',
  },
  rails: {
    title: 'Rails',
    intro: 'Which provider serves each rail ([going live](providers/README.md)), and the simulated rails.',
  },
  increase: {
    title: 'Increase',
    intro: 'Read when a rail is on `increase` ([Increase](providers/increase.md)).',
  },
  modern_treasury: {
    title: 'Modern Treasury',
    intro: 'Read when a rail is on `modern_treasury` ([Modern Treasury](providers/modern-treasury.md)).',
  },
  paypal: {
    title: 'PayPal',
    intro: 'Read when PAYPAL or VENMO is on `paypal` ([PayPal and Venmo](providers/paypal.md)).',
  },
  wise: { title: 'Wise', intro: 'Read when SWIFT is on `wise` ([Wise](providers/wise.md)).' },
  tracing: {
    title: 'Tracing',
    intro:
      "OpenTelemetry's own variables ([traces](operating.md#traces)); those not listed (`OTEL_EXPORTER_OTLP_PROTOCOL`, `OTEL_TRACES_SAMPLER`, …) go to the OpenTelemetry SDK as they are.",
  },
} as const;

type SectionId = keyof typeof CONFIG_SECTIONS;

/** The longest delay a Node.js timer takes: past it, setTimeout fires at once (TimeoutOverflowWarning). */
const LONGEST_TIMER_MS = 2 ** 31 - 1;
const seconds = (ms: number) => (ms === 0 ? 'instant' : `${ms / 1000} s`);

/** A table family's retention in whole months (RETENTION_*_MONTHS, docs/partitions.md), read by the workers' archive. */
const retentionMonths = <Name extends string>(name: Name, fallback: number, description: string) =>
  ({ name, section: 'workers', kind: 'integer', fallback, min: 1, max: 1200, description }) as const;

export const CONFIG_VARIABLES = [
  // The service
  {
    name: 'APP_ENV',
    section: 'service',
    kind: 'choice',
    values: ['development', 'test', 'production'],
    defaultText: '`development`; `production` when `NODE_ENV=production`',
    description:
      '`development`; `test` (everything in memory, no database); `production` (external servers, no development defaults, real rails only).',
  },
  {
    name: 'NODE_ENV',
    section: 'service',
    kind: 'text',
    description:
      '`production` makes `APP_ENV` default to `production`, so an image built for production never falls back to development secrets.',
  },
  {
    name: 'PROCESS_ROLE',
    section: 'service',
    kind: 'choice',
    values: ['all', 'api', 'worker'],
    fallback: 'all',
    description:
      'What the process runs: `all` (API and workers, `npm start`), `api` (`npm run start:api`) or `worker` (`npm run start:worker`).',
  },
  {
    name: 'PORT',
    section: 'service',
    kind: 'integer',
    fallback: 3000,
    min: 0,
    max: 65535,
    description: "The API's port.",
  },
  {
    name: 'HOST',
    section: 'service',
    kind: 'text',
    fallback: '127.0.0.1',
    environments: { production: '`0.0.0.0` by default, as in the Docker image' },
    description:
      'The address the API (and a worker its own port) listens on. Outside production the development secrets sign tokens anyone can mint, so the service listens on loopback unless told otherwise; the start-up log warns when it does not.',
  },
  {
    name: 'WORKER_PORT',
    section: 'service',
    kind: 'integer',
    fallback: 9464,
    min: 0,
    max: 65535,
    description:
      "A worker process's own port, on `HOST`: `/healthz`, `/readyz`, `/metrics`. `0` picks a free one; the start-up line names it as `opsUrl`.",
  },
  {
    name: 'TRUST_PROXY',
    section: 'service',
    kind: 'text',
    fallback: 'false',
    description:
      "Express's `trust proxy`, for the client IP behind a load balancer: `true`, a number of hops, or addresses.",
  },
  {
    name: 'LOG_LEVEL',
    section: 'service',
    kind: 'text',
    fallback: 'info',
    environments: { test: '`silent` by default' },
    description: "pino's level: `trace`, `debug`, `info`, `warn`, `error`, `fatal` or `silent`.",
  },
  {
    name: 'LOG_FORMAT',
    section: 'service',
    kind: 'choice',
    values: ['json', 'pretty'],
    defaultText: '`pretty` in development on a terminal, `json` otherwise',
    description:
      '`json`, one object per line, or `pretty` (pino-pretty, for reading; it costs CPU per line).',
  },
  {
    name: 'SHUTDOWN_TIMEOUT_MS',
    section: 'service',
    kind: 'integer',
    fallback: 25_000,
    min: 1,
    max: 2 ** 31,
    description:
      'How long a graceful shutdown may take before the process exits 1 anyway; keep it under the grace period of the orchestrator (30 s by default).',
  },
  {
    name: 'SHUTDOWN_DRAIN_MS',
    section: 'service',
    kind: 'integer',
    fallback: 0,
    min: 0,
    max: 2 ** 31,
    maxText: 'one less than `SHUTDOWN_TIMEOUT_MS`',
    description:
      'How long a stopping API keeps serving, with `/readyz` answering 503, before it stops listening, so that a load balancer takes it out of rotation first.',
  },
  // Database and Redis
  {
    name: 'DATABASE_URL',
    section: 'data',
    kind: 'text',
    defaultText: 'an embedded PostgreSQL under `DATA_DIR`',
    environments: { production: 'required', test: 'unused (in memory)' },
    description:
      '`postgres://` or `postgresql://`, checked at start (percent-encode `#`, `/` and `@` in the password).',
  },
  {
    name: 'DATA_DIR',
    section: 'data',
    kind: 'text',
    fallback: '.data',
    description: "Where the embedded PostgreSQL's cluster lives (`DATA_DIR/postgres`), kept between starts.",
  },
  {
    name: 'DATABASE_POOL_MAX',
    section: 'data',
    kind: 'integer',
    fallback: 10,
    min: 2,
    max: 500,
    description:
      'Connections per process in the database pool; pg-boss keeps its own, half as large (at least 2).',
  },
  {
    name: 'DATABASE_READ_URL',
    section: 'data',
    kind: 'text',
    defaultText: 'unset: every read on `DATABASE_URL`',
    description:
      "A streaming standby of `DATABASE_URL`'s server (`postgres://` or `postgresql://`): the API processes read their lookups and lists there under [the staleness rule](deploying.md#the-staleness-rule). Needs `DATABASE_URL` and `REDIS_URL`.",
  },
  {
    name: 'DATABASE_READ_MAX_LAG_MS',
    section: 'data',
    kind: 'integer',
    fallback: 1000,
    min: 100,
    max: 60_000,
    description:
      'The staleness bound of `DATABASE_READ_URL`: how far behind the primary a replica read may be, and how long a writer reads from the primary after its write.',
  },
  {
    name: 'REDIS_URL',
    section: 'data',
    kind: 'text',
    defaultText: 'unset: an in-process rate limiter',
    description:
      '`redis://` or `rediss://`, checked at start: the withdrawal rate limit, shared by every API process (an outage falls back to the in-process limiter), and with `DATABASE_READ_URL` the notes of who wrote lately.',
  },
  // Tokens and encryption
  {
    name: 'JWT_SECRET',
    section: 'security',
    kind: 'text',
    defaultText: 'a development secret',
    environments: {
      production: 'required unless `JWT_PUBLIC_KEY` or `JWT_JWKS_URL` is set; never the development secret',
    },
    description: 'The HS256 secret access tokens are verified with; at least 32 characters.',
  },
  {
    name: 'JWT_PUBLIC_KEY',
    section: 'security',
    kind: 'text',
    description:
      'A PEM public key (RS256 or ES256) to verify access tokens with instead of a secret; `\\n` stands for a line break. Set beside `JWT_SECRET`, it wins.',
  },
  {
    name: 'JWT_JWKS_URL',
    section: 'security',
    kind: 'text',
    environments: { production: 'https, with `JWT_ISSUER` and `JWT_AUDIENCE` set' },
    description:
      "The identity provider's JWKS document (Auth0, Keycloak, Okta, Cognito): tokens verify with its keys by `kid`, kept as its Cache-Control says and read again for a new `kid` ([security](security.md#access-tokens-from-your-identity-provider)). Not with `JWT_SECRET` or `JWT_PUBLIC_KEY`.",
  },
  {
    name: 'JWT_ALGORITHMS',
    section: 'security',
    kind: 'text',
    defaultText: '`HS256`; `RS256` with `JWT_PUBLIC_KEY` or `JWT_JWKS_URL`',
    description:
      'The accepted algorithms, comma-separated (HS256, HS384, HS512, RS256, RS384, RS512, ES256, ES384, ES512); HS* beside a public key or a JWKS is refused.',
  },
  {
    name: 'JWT_ISSUER',
    section: 'security',
    kind: 'text',
    description: "When set, a token's `iss` must equal it (401 otherwise).",
  },
  {
    name: 'JWT_AUDIENCE',
    section: 'security',
    kind: 'text',
    description: "When set, a token's `aud` must name it (401 otherwise).",
  },
  {
    name: 'ENCRYPTION_KEY',
    section: 'security',
    kind: 'text',
    defaultText: 'a development key',
    environments: { production: 'required unless `ENCRYPTION_KEYS` is set' },
    description:
      '32 bytes, as 64 hex characters or base64: the AES-256-GCM key of account numbers, card tokens, usernames and webhook secrets at rest. Not with `ENCRYPTION_KEYS`.',
  },
  {
    name: 'ENCRYPTION_KEYS',
    section: 'security',
    kind: 'text',
    description:
      'A ring of keys that rotates: `id:key` pairs, comma-separated, each key as `ENCRYPTION_KEY` takes it. The first seals new values, every one opens old ones; `npm run keys:reencrypt` moves every value to the first, and then the others can go ([rotating keys](security.md#rotating-the-at-rest-key)).',
  },
  {
    name: 'OUTBOUND_ALLOWED_CIDRS',
    section: 'edge',
    kind: 'text',
    description:
      'Networks a webhook endpoint may be in on purpose, comma-separated CIDRs (`10.20.0.0/16,fd00:1::/64`), over http too. In production nothing else but public addresses over https is reached; elsewhere only link-local addresses are refused.',
  },
  {
    name: 'HTTP_HEADERS_TIMEOUT_MS',
    section: 'edge',
    kind: 'integer',
    fallback: 10_000,
    min: 100,
    max: 300_000,
    description: "A request's line and headers must arrive within this from their first byte; else 408.",
  },
  {
    name: 'HTTP_BODY_TIMEOUT_MS',
    section: 'edge',
    kind: 'integer',
    fallback: 10_000,
    min: 100,
    max: 300_000,
    description:
      'A request body must arrive whole within this of its headers; else 408, and the request is not served.',
  },
  {
    name: 'HTTP_CONNECTIONS_PER_CLIENT',
    section: 'edge',
    kind: 'integer',
    min: 0,
    max: 100_000,
    defaultText: '`128`; `0` (no cap) when `TRUST_PROXY` is set',
    description:
      "Connections open at once from one client address (an IPv6 /64); one more is answered 429. `0`: no cap. Behind a proxy every connection is the proxy's: cap clients there.",
  },
  // Withdrawals
  {
    name: 'WITHDRAWAL_RATE_LIMIT_PER_MINUTE',
    section: 'withdrawals',
    kind: 'integer',
    fallback: WITHDRAWAL_RATE_LIMIT.defaultPerWindow,
    min: 1,
    max: 1_000_000,
    description: 'Withdrawal requests per minute per (entity, client IP).',
  },
  {
    name: 'APPROVAL_TTL_SECONDS',
    section: 'withdrawals',
    kind: 'integer',
    fallback: 7 * 24 * 3600,
    min: 1,
    max: 2 ** 31,
    description:
      'How long a withdrawal waits for an operator\'s approval before it ends FAILED "Payment was cancelled." (a week).',
  },
  // Workers
  {
    name: 'WORKER_CONCURRENCY',
    section: 'workers',
    kind: 'integer',
    fallback: 32,
    min: 1,
    max: 256,
    description: 'Withdrawal checks (submissions, polls) in flight per worker process, times 8.',
  },
  {
    name: 'WEBHOOK_CONCURRENCY',
    section: 'workers',
    kind: 'integer',
    fallback: 512,
    min: 1,
    max: 1024,
    description: 'Webhook deliveries in flight per worker process, to all endpoints together.',
  },
  {
    name: 'WEBHOOK_CONCURRENCY_PER_MERCHANT',
    section: 'workers',
    kind: 'integer',
    defaultText: 'half of `WEBHOOK_CONCURRENCY`',
    min: 1,
    max: 1024,
    maxText: '`WEBHOOK_CONCURRENCY`',
    description:
      'Most deliveries of one merchant in flight per worker process, so a merchant whose endpoint hangs holds no more of a worker.',
  },
  {
    name: 'WEBHOOK_CONNECTIONS_PER_ENDPOINT',
    section: 'workers',
    kind: 'integer',
    fallback: 0,
    min: 0,
    max: 1024,
    description:
      'Connections per worker process to one webhook receiver (scheme, host and port); `0`: no cap. A delivery waiting longer than `WEBHOOK_TIMEOUT_MS` for one is retried.',
  },
  {
    name: 'WEBHOOK_TIMEOUT_MS',
    section: 'workers',
    kind: 'integer',
    fallback: 10_000,
    min: 1,
    max: LONGEST_TIMER_MS,
    description:
      'How long one webhook delivery may take, waiting for a connection included; a delivery not answered in full within it is retried as failed.',
  },
  {
    name: 'WEBHOOK_RETRY_SCHEDULE_MS',
    section: 'workers',
    kind: 'text',
    fallback: DEFAULT_WEBHOOK_RETRY_SCHEDULE_MS.join(','),
    description:
      'The delays before each retry of a webhook delivery, comma-separated milliseconds (with jitter); the default sums to a little over 3 days.',
  },
  {
    name: 'LEDGER_VERIFICATION_CRON',
    section: 'workers',
    kind: 'text',
    fallback: '30 3 * * *',
    description:
      "When workers check that every wallet equals its postings: five cron fields in UTC, each within its range (digits, `*`, `/`, `,`, `-`); `off`: never, and pg-boss's scheduler stays off.",
  },
  {
    name: 'PROVIDER_BALANCE_CRON',
    section: 'workers',
    kind: 'text',
    fallback: '*/15 * * * *',
    description:
      "When workers read each provider's balance into `payout_provider_balance`: five cron fields in UTC, as `LEDGER_VERIFICATION_CRON`; `off`: never.",
  },
  {
    name: 'RECONCILIATION_CRON',
    section: 'workers',
    kind: 'text',
    fallback: '0 4 * * *',
    description:
      "When workers reconcile yesterday (and the days still pending inside each provider's settlement window) for every provider whose records are read (docs/reconciliation.md): five cron fields in UTC, as `LEDGER_VERIFICATION_CRON`; `off`: never.",
  },
  {
    name: 'PARTITIONS_CRON',
    section: 'workers',
    kind: 'text',
    fallback: '15 2 * * *',
    description:
      'When workers make the month partitions of the current month and the two after it, where missing ([partitions](partitions.md)): five cron fields in UTC, as `LEDGER_VERIFICATION_CRON`; `off`: never (inserts past the months made fall to the default partitions).',
  },
  {
    name: 'ARCHIVE_CRON',
    section: 'workers',
    kind: 'text',
    fallback: '45 4 * * *',
    description:
      'When workers archive the months past their retention to `ARCHIVE_DIR` and drop them ([partitions](partitions.md#archive-and-restore)): five cron fields in UTC, as `LEDGER_VERIFICATION_CRON`; `off`: never.',
  },
  {
    name: 'ARCHIVE_DIR',
    section: 'workers',
    kind: 'text',
    defaultText: '`DATA_DIR/archive`',
    description:
      'Where archived months are written, one folder per table family and month (`npm run archive` and `ARCHIVE_CRON`). Every worker must see the same durable storage there (a mounted volume that is backed up).',
  },
  retentionMonths(
    'RETENTION_LEDGER_MONTHS',
    120,
    'Months of ledger postings kept in the database before their month is archived (the current month not counted); ten years by default.',
  ),
  retentionMonths(
    'RETENTION_WITHDRAWAL_HISTORY_MONTHS',
    84,
    "Months of withdrawals' status history and rail steps kept in the database before their month is archived; seven years by default.",
  ),
  retentionMonths(
    'RETENTION_WEBHOOK_MONTHS',
    13,
    'Months of webhook events, their deliveries and attempts kept in the database before their month is archived; thirteen by default.',
  ),
  retentionMonths(
    'RETENTION_RECONCILIATION_MONTHS',
    84,
    "Months of reconciliation kept in the database before their month is archived: the providers' records as read, the exceptions, the runs and the simulated provider's book, by the provider's day; seven years by default.",
  ),
  {
    name: 'JOB_QUEUE_PROFILE',
    section: 'workers',
    kind: 'choice',
    values: ['default', 'fast'],
    fallback: 'default',
    description:
      "`default`, or `fast`, which shortens leases and pg-boss's timings so that a dead worker's work is taken over within about 15 s instead of 45 s (tests, fault drills).",
  },
  // Rails
  {
    name: 'RAILS',
    section: 'rails',
    kind: 'text',
    defaultText:
      'every rail `simulated`, but PAYPAL and VENMO on `paypal` when the `PAYPAL_*` credentials are set',
    environments: { production: 'every enabled rail on a real provider with its credentials' },
    description: `\`RAIL=provider\` pairs, comma-separated. Rails: ${RAIL_IDS.join(', ')}. Providers: \`simulated\`, \`increase\` (ACH, RTP, WIRE, PUSH_TO_CARD), \`modern_treasury\` (ACH, RTP, WIRE, SWIFT, PUSH_TO_CARD), \`wise\` (SWIFT), \`paypal\` (PAYPAL, VENMO), \`disabled\`.`,
  },
  {
    name: 'RAIL_TIMEOUT_MS',
    section: 'rails',
    kind: 'integer',
    fallback: 10_000,
    min: 1,
    max: LONGEST_TIMER_MS,
    description:
      'How long one call to a provider may take; an unanswered call is an unknown outcome, retried with the same idempotency key.',
  },
  {
    name: 'RAIL_DELAYS_MS',
    section: 'rails',
    kind: 'text',
    fallback: RAIL_IDS.map((rail) => `${rail}=${DEFAULT_SETTLEMENT_DELAYS_MS[rail]}`).join(','),
    description: `The simulated rails' settlement delays in milliseconds, \`RAIL=ms\` pairs (${RAIL_IDS.map((rail) => `${rail} ${seconds(DEFAULT_SETTLEMENT_DELAYS_MS[rail])}`).join(', ')} by default); a rail not named keeps its default.`,
  },
  // Increase
  {
    name: 'INCREASE_API_KEY',
    section: 'increase',
    kind: 'text',
    description: 'The API key; required for every rail on Increase.',
  },
  {
    name: 'INCREASE_BASE_URL',
    section: 'increase',
    kind: 'text',
    fallback: 'https://api.increase.com',
    environments: { production: 'https, except a loopback host' },
    description: '`https://sandbox.increase.com` for the sandbox.',
  },
  {
    name: 'INCREASE_ACCOUNT_ID',
    section: 'increase',
    kind: 'text',
    description:
      'The account the money leaves from, and card validations are sent from; required for every rail on Increase.',
  },
  {
    name: 'INCREASE_ACCOUNT_NUMBER_ID',
    section: 'increase',
    kind: 'text',
    description: 'The source account number; required for RTP and PUSH_TO_CARD on Increase.',
  },
  {
    name: 'INCREASE_WEBHOOK_SECRET',
    section: 'increase',
    kind: 'text',
    defaultText: "unset: Increase's webhooks get 404, polling alone moves payouts",
    description: "The Event Subscription's secret, for `POST /v1/rails/increase/webhooks`.",
  },
  {
    name: 'INCREASE_BALANCE_FLOOR',
    section: 'increase',
    kind: 'text',
    defaultText: 'unset: no floor',
    description:
      "Dollars (at most two decimals); under them the Increase account's available balance, `payout_provider_balance_floor` makes `PayoutProviderBalanceLow` fire.",
  },
  {
    name: 'INCREASE_VAULT_URL',
    section: 'increase',
    kind: 'text',
    fallback: 'https://vault.increase.com',
    environments: { production: 'https, except a loopback host' },
    description: "Increase's card vault, when PUSH_TO_CARD is on Increase.",
  },
  {
    name: 'INCREASE_CARD_TOKENIZATION_KEY',
    section: 'increase',
    kind: 'text',
    description: "The vault's own bearer key (the API key does not work there); required for PUSH_TO_CARD.",
  },
  {
    name: 'INCREASE_CARD_SENDER_NAME',
    section: 'increase',
    kind: 'text',
    description: 'The statement descriptor cardholders see; required for PUSH_TO_CARD.',
  },
  {
    name: 'INCREASE_CARD_SENDER_NAME_PREFIX',
    section: 'increase',
    kind: 'text',
    description: "The descriptor's prefix, 1 to 4 characters; required for PUSH_TO_CARD.",
  },
  {
    name: 'INCREASE_CARD_SENDER_CATEGORY_CODE',
    section: 'increase',
    kind: 'text',
    description: 'The merchant category code Increase approved the program for; required for PUSH_TO_CARD.',
  },
  {
    name: 'INCREASE_CARD_SENDER_ADDRESS_LINE1',
    section: 'increase',
    kind: 'text',
    description: "The sender's street address; required for PUSH_TO_CARD.",
  },
  {
    name: 'INCREASE_CARD_SENDER_CITY',
    section: 'increase',
    kind: 'text',
    description: "The sender's city; required for PUSH_TO_CARD.",
  },
  {
    name: 'INCREASE_CARD_SENDER_STATE',
    section: 'increase',
    kind: 'text',
    description: "The sender's state; required for PUSH_TO_CARD.",
  },
  {
    name: 'INCREASE_CARD_SENDER_POSTAL_CODE',
    section: 'increase',
    kind: 'text',
    description: "The sender's postal code; required for PUSH_TO_CARD.",
  },
  // Modern Treasury
  {
    name: 'MODERN_TREASURY_API_KEY',
    section: 'modern_treasury',
    kind: 'text',
    description: 'The API key (sandbox or live: the key decides); required.',
  },
  {
    name: 'MODERN_TREASURY_ORGANIZATION_ID',
    section: 'modern_treasury',
    kind: 'text',
    description: 'The organization id, the HTTP Basic user name; required.',
  },
  {
    name: 'MODERN_TREASURY_ORIGINATING_ACCOUNT_ID',
    section: 'modern_treasury',
    kind: 'text',
    description: 'The internal account payment orders are sent from; required.',
  },
  {
    name: 'MODERN_TREASURY_BASE_URL',
    section: 'modern_treasury',
    kind: 'text',
    fallback: 'https://app.moderntreasury.com',
    environments: { production: 'https, except a loopback host' },
    description: 'The API, for the sandbox and live alike.',
  },
  {
    name: 'MODERN_TREASURY_WEBHOOK_KEY',
    section: 'modern_treasury',
    kind: 'text',
    defaultText: "unset: Modern Treasury's webhooks get 404",
    description: 'The webhook key, for `POST /v1/rails/modern_treasury/webhooks`.',
  },
  {
    name: 'MODERN_TREASURY_BALANCE_FLOOR',
    section: 'modern_treasury',
    kind: 'text',
    defaultText: 'unset: no floor',
    description:
      "Dollars (at most two decimals); under them the internal account's latest available balance, `payout_provider_balance_floor` makes `PayoutProviderBalanceLow` fire.",
  },
  // PayPal
  {
    name: 'PAYPAL_BASE_URL',
    section: 'paypal',
    kind: 'text',
    environments: { production: 'https, except a loopback host' },
    description:
      '`https://api-m.sandbox.paypal.com` for the sandbox, `https://api-m.paypal.com` live. The three `PAYPAL_*` credentials are set together or not at all.',
  },
  {
    name: 'PAYPAL_CLIENT_ID',
    section: 'paypal',
    kind: 'text',
    description: "The REST app's client id.",
  },
  {
    name: 'PAYPAL_CLIENT_SECRET',
    section: 'paypal',
    kind: 'text',
    description: "The REST app's client secret.",
  },
  {
    name: 'PAYPAL_RETURN_WINDOW_DAYS',
    section: 'paypal',
    kind: 'text',
    fallback: 30,
    description:
      'Days a paid PAYPAL or VENMO payout is checked for a refund or reversal (1, 2, 4 … hours after it was paid), a whole number up to 999; `0` stops the watch.',
  },
  {
    name: 'PAYPAL_BALANCE_FLOOR',
    section: 'paypal',
    kind: 'text',
    defaultText: 'unset: no floor',
    description:
      "Dollars (at most two decimals); under them the available USD balance (the app needs PayPal's reporting permission), `payout_provider_balance_floor` makes `PayoutProviderBalanceLow` fire.",
  },
  {
    name: 'PAYPAL_WEBHOOK_ID',
    section: 'paypal',
    kind: 'text',
    defaultText: "unset: PayPal's webhooks get 404",
    description:
      'The id (letters and digits) of the webhook registered at PayPal for `POST /v1/rails/paypal/webhooks`.',
  },
  // Wise
  {
    name: 'WISE_API_TOKEN',
    section: 'wise',
    kind: 'text',
    description: 'An API token of the business profile; required.',
  },
  {
    name: 'WISE_PROFILE_ID',
    section: 'wise',
    kind: 'text',
    description: 'The numeric id of that business profile (`GET /v2/profiles`); required.',
  },
  {
    name: 'WISE_BASE_URL',
    section: 'wise',
    kind: 'text',
    fallback: 'https://api.wise.com',
    environments: { production: 'https, except a loopback host' },
    description: '`https://api.wise-sandbox.com` for the sandbox.',
  },
  {
    name: 'WISE_SCA_PRIVATE_KEY',
    section: 'wise',
    kind: 'text',
    defaultText: 'unset: an SCA-protected funding is not signed',
    environments: { production: 'required' },
    description:
      'The PEM RSA private key (2048 bits or more) whose public half is uploaded to Wise; it signs the one-time token of an SCA-protected funding (`\\n` for line breaks on one line; [the SCA key](providers/wise.md#the-sca-key)).',
  },
  {
    name: 'WISE_SOURCE_OF_FUNDS',
    section: 'wise',
    kind: 'text',
    description:
      "The `sourceOfFunds` key given when a route's [transfer requirements](providers/wise.md#transfer-requirements) ask for it.",
  },
  {
    name: 'WISE_TRANSFER_PURPOSE',
    section: 'wise',
    kind: 'text',
    description: 'The `transferPurpose` key given when a route asks for it.',
  },
  {
    name: 'WISE_TRANSFER_PURPOSE_SUB',
    section: 'wise',
    kind: 'text',
    description: 'The `transferPurposeSubTransferPurpose` key given when a route asks for it.',
  },
  {
    name: 'WISE_BALANCE_FLOOR',
    section: 'wise',
    kind: 'text',
    defaultText: 'unset: no floor',
    description:
      "Dollars (at most two decimals); under them the profile's USD balance, `payout_provider_balance_floor` makes `PayoutProviderBalanceLow` fire.",
  },
  {
    name: 'WISE_WEBHOOK_PUBLIC_KEY',
    section: 'wise',
    kind: 'text',
    defaultText: "unset: Wise's webhooks get 404",
    description:
      "Wise's webhook public key for its environment, PEM (`\\n` for line breaks on one line), for `POST /v1/rails/wise/webhooks`.",
  },
  // Tracing
  {
    name: 'OTEL_EXPORTER_OTLP_ENDPOINT',
    section: 'tracing',
    kind: 'text',
    defaultText: 'unset: no tracing',
    description: 'Set, tracing starts and spans go there over OTLP (`http://localhost:4318`).',
  },
  {
    name: 'OTEL_EXPORTER_OTLP_TRACES_ENDPOINT',
    section: 'tracing',
    kind: 'text',
    description: 'As `OTEL_EXPORTER_OTLP_ENDPOINT`, for traces only.',
  },
  {
    name: 'OTEL_TRACES_EXPORTER',
    section: 'tracing',
    kind: 'text',
    description: 'Set to anything but `none`, tracing starts with that exporter.',
  },
  {
    name: 'OTEL_SDK_DISABLED',
    section: 'tracing',
    kind: 'text',
    description: '`true` keeps tracing off whatever else is set.',
  },
  {
    name: 'OTEL_SERVICE_NAME',
    section: 'tracing',
    kind: 'text',
    fallback: TRACING_DEFAULTS.OTEL_SERVICE_NAME,
    description: 'The service name on every span.',
  },
  {
    name: 'OTEL_NODE_ENABLED_INSTRUMENTATIONS',
    section: 'tracing',
    kind: 'text',
    fallback: TRACING_DEFAULTS.OTEL_NODE_ENABLED_INSTRUMENTATIONS,
    description:
      'What is traced: requests in, Express, PostgreSQL, Redis and requests out (webhooks, providers).',
  },
  {
    name: 'OTEL_METRICS_EXPORTER',
    section: 'tracing',
    kind: 'text',
    fallback: TRACING_DEFAULTS.OTEL_METRICS_EXPORTER,
    description: "OpenTelemetry's metrics stay off: the service's metrics are Prometheus's, at `/metrics`.",
  },
  {
    name: 'OTEL_LOGS_EXPORTER',
    section: 'tracing',
    kind: 'text',
    fallback: TRACING_DEFAULTS.OTEL_LOGS_EXPORTER,
    description: "OpenTelemetry's logs stay off: the logs go to stdout.",
  },
] as const satisfies readonly Variable[];

export type VariableName = (typeof CONFIG_VARIABLES)[number]['name'];

/** The environment as the configuration reads it: only declared variables can be read. */
export type ConfigEnv = { readonly [name in VariableName]?: string | undefined };

/** The names of the variables of one kind: `NameOfKind<'integer'>`. */
export type NameOfKind<K extends Variable['kind']> = Extract<
  (typeof CONFIG_VARIABLES)[number],
  { kind: K }
>['name'];

type Declaration<N extends VariableName> = Extract<(typeof CONFIG_VARIABLES)[number], { name: N }>;

const BY_NAME = new Map<string, Variable>(CONFIG_VARIABLES.map((variable) => [variable.name, variable]));

/** The declaration of `name`. */
export const variable = <N extends VariableName>(name: N): Declaration<N> =>
  BY_NAME.get(name) as Declaration<N>;

/** The value the service uses when `name` is unset, when it is one value (not computed). */
export const fallbackOf = (name: VariableName): string | number | undefined => BY_NAME.get(name)?.fallback;
