import { type DestinationStream, type Logger, pino } from 'pino';

export interface LoggerOptions {
  readonly level?: string;
  readonly name?: string;
  /** Where lines go; stdout by default. Tests pass a stream to read what was logged. */
  readonly destination?: DestinationStream;
}

/** Paths that may hold credentials or account data anywhere they appear in a log object. */
export const REDACTED_PATHS = [
  'authorization',
  '*.authorization',
  'req.headers.authorization',
  'req.headers.cookie',
  'headers.authorization',
  'token',
  '*.token',
  'secret',
  '*.secret',
  'secrets',
  '*.secrets',
  'accountNumber',
  '*.accountNumber',
  '*.*.accountNumber',
  'cardNumber',
  '*.cardNumber',
  '*.*.cardNumber',
  'routingNumber',
  '*.routingNumber',
  '*.*.routingNumber',
  'password',
  '*.password',
];

/** pino JSON logs with credentials, tokens, account and card numbers censored. */
export function createLogger(options: LoggerOptions = {}): Logger {
  const config = {
    level: options.level ?? 'info',
    name: options.name ?? 'payout-http',
    redact: { paths: REDACTED_PATHS, censor: '[REDACTED]' },
  };
  return options.destination ? pino(config, options.destination) : pino(config);
}

const PATH_SECRETS = /(\/application-token\/)[^/?#]+/g;
const LONG_DIGITS = /\d{9,}/g;

/** A request path safe to log: application tokens and long digit runs (account or card numbers) removed. */
export const redactPath = (url: string): string =>
  url.replace(PATH_SECRETS, '$1[REDACTED]').replace(LONG_DIGITS, '[REDACTED]');
