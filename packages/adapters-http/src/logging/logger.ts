import { createRequire } from 'node:module';
import { type DestinationStream, type Logger, type LoggerOptions as PinoOptions, pino } from 'pino';
import { redactSecrets } from './redact-secrets.js';

/** The service's logger, as every process and adapter takes it. */
export type { Logger };

/** `json`: one object per line, for machines. `pretty`: coloured lines for a developer's terminal (pino-pretty). */
export type LogFormat = 'json' | 'pretty';

export interface LoggerOptions {
  readonly level?: string;
  readonly name?: string;
  /** Where lines go; stdout by default. Tests pass a stream to read what was logged. */
  readonly destination?: DestinationStream;
  /** `json` unless told (see `defaultLogFormat`). */
  readonly format?: LogFormat;
}

/** Pretty where a developer reads it (development, on a terminal); JSON wherever a machine collects the lines. */
export const defaultLogFormat = (appEnv: string, isTty: boolean): LogFormat =>
  appEnv === 'development' && isTty ? 'pretty' : 'json';

/**
 * pino-pretty loaded only when asked for: a production process never loads it. It formats in this thread,
 * synchronously, so a line is on the terminal before the process exits (development only: it costs CPU per line).
 */
function prettyStream(destination: DestinationStream | undefined): DestinationStream {
  const pretty = createRequire(import.meta.url)('pino-pretty') as (options: object) => DestinationStream;
  return pretty({ destination: destination ?? 1, sync: true, translateTime: 'SYS:HH:MM:ss.l' });
}

/**
 * pino logs with credentials, tokens, account and card numbers censored. JSON lines carry the level by name
 * (`"level":"warn"`) and an ISO time (`"time":"2026-…Z"`), readable without pino's numeric codes.
 */
export function createLogger(options: LoggerOptions = {}): Logger {
  const config: PinoOptions = {
    level: options.level ?? 'info',
    name: options.name ?? 'payout-http',
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label) => ({ level: label }), log: (object) => redactSecrets(object) },
  };
  if (options.format === 'pretty') return pino(config, prettyStream(options.destination));
  return options.destination ? pino(config, options.destination) : pino(config);
}

// Any letter case: Express routes paths case-insensitively, so /Application-Token/… reaches the same route.
const PATH_SECRETS = /(\/application-token\/)[^/?#]+/gi;
/** The value of a query parameter whose name says it is a credential. */
const QUERY_SECRETS = /([?&](?:access_token|token|secret|password|api_key|apikey)=)[^&#]*/gi;
/**
 * An application token (base64url), a webhook secret (base64: its `/` is taken too, so the path after it may go
 * with it) or a JWT pasted anywhere, whatever route it reached.
 */
const TOKEN_TEXT = /apptok_[\w-]+|whsec_[\w+/=-]+|eyJ[\w-]*\.[\w-]+\.[\w-]*/gi;
/**
 * Nine or more digits, single spaces or dashes allowed between them (an account or card number, `4111-1111-…`),
 * except inside a UUID, which is kept whole so that logs can be searched by id.
 */
const NUMBERS = /([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})|\d(?:[ -]?\d){8,}/gi;
const PERCENT_RUN = /(?:%[0-9A-Fa-f]{2})+/g;

/** `url` with each valid percent-encoded run decoded, so that no spelling hides a secret. */
const decoded = (url: string): string =>
  url.replace(PERCENT_RUN, (run) => {
    try {
      return decodeURIComponent(run);
    } catch {
      return run;
    }
  });

/**
 * A request path and query safe to log, decoded: application tokens (in their route's segment or pasted anywhere),
 * webhook secrets, JWTs, credential-named query values and account or card numbers removed, however the client
 * spelled or encoded them.
 */
export const redactPath = (url: string): string =>
  decoded(url)
    .replace(PATH_SECRETS, '$1[REDACTED]')
    .replace(QUERY_SECRETS, '$1[REDACTED]')
    .replace(TOKEN_TEXT, '[REDACTED]')
    .replace(NUMBERS, (_match, uuid: string | undefined) => uuid ?? '[REDACTED]');
