import type { AppConfig } from '../config/config.js';

export interface StartupSummary {
  readonly fields: Record<string, unknown>;
  readonly message: string;
}

const LOOPBACK = /^(127\.|::1$|localhost$)/;

/**
 * The start-up log line, true to the process's role: a worker serves no HTTP, so it has no rate limiter and does
 * not verify tokens (JWT_SECRET is none of its defaults).
 */
export function startupSummary(
  config: AppConfig,
  url: string | null,
  opsUrl: string | null = null,
): StartupSummary {
  const servesApi = config.role !== 'worker';
  const developmentDefaults = config.developmentDefaults.filter((name) => servesApi || name !== 'JWT_SECRET');
  const fields: Record<string, unknown> = {
    ...(url ? { url } : {}),
    // A worker's own port: probes (`/healthz`, `/readyz`) and `/metrics`.
    ...(opsUrl ? { opsUrl } : {}),
    role: config.role,
    environment: config.appEnv,
    database:
      config.appEnv === 'test'
        ? 'in-memory'
        : config.databaseUrl
          ? 'external PostgreSQL'
          : 'embedded PostgreSQL',
    ...(servesApi ? { rateLimiter: config.redisUrl ? 'redis' : 'in-process' } : {}),
    rails: config.rails.providers,
    // Where jobs run: when the ledger is checked and months archived (a worker of the run takes each occurrence).
    ...(config.role !== 'api' && config.appEnv !== 'test'
      ? {
          ledgerVerification: config.ledgerVerificationCron ? `${config.ledgerVerificationCron} UTC` : 'off',
          archive: config.archiveCron ? `${config.archiveCron} UTC to ${config.archiveDir}` : 'off',
        }
      : {}),
    developmentDefaults,
  };
  const parts = ['service started'];
  if (developmentDefaults.length > 0)
    parts.push(
      `development defaults in use for ${developmentDefaults.join(', ')} (never use them in production)`,
    );
  if (servesApi && developmentDefaults.includes('JWT_SECRET') && !LOOPBACK.test(config.host))
    parts.push(
      `listening on ${config.host} while tokens are signed with the published development JWT_SECRET`,
    );
  return { fields, message: parts.join('; ') };
}
