import { createLogger, defaultLogFormat, type Logger } from '@payout/adapters-http/logging';
import { type AppConfig, loadConfig, type ProcessRole } from '../config/config.js';
import { startService } from './start-service.js';
import { startupSummary } from './startup-summary.js';
import { stopTracing } from './tracing-preload.js';

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
 * of a process's start-up.
 */
export async function runProcess(role: ProcessRole): Promise<void> {
  const config = configOrExit(role);
  const logger: Logger = createLogger({
    level: config.logLevel,
    name: `payout-${role}`,
    format: config.logFormat ?? defaultLogFormat(config.appEnv, process.stdout.isTTY === true),
  });
  // From the first moment: a signal while starting (migrations, the embedded server) stops the process once it
  // has started, instead of killing it with the embedded server left running.
  let signalled: string | null = null;
  let onSignal = (signal: string) => {
    signalled = signal;
  };
  process.on('SIGTERM', () => onSignal('SIGTERM'));
  process.on('SIGINT', () => onSignal('SIGINT'));
  const service = await startService(config, logger).catch((error: unknown) => {
    logger.fatal({ err: error }, 'service failed to start');
    process.exit(1);
  });
  const summary = startupSummary(config, service.url, service.opsUrl);
  logger.info(summary.fields, summary.message);
  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal, deadlineMs: config.shutdownTimeoutMs }, 'shutting down');
    // A request or job that never ends must not keep the process past its orchestrator's grace period, which
    // would SIGKILL it with nothing logged: exit on our own deadline instead, saying so.
    const deadline = setTimeout(() => {
      logger.error(
        { deadlineMs: config.shutdownTimeoutMs },
        'shutdown deadline passed: stopped without draining',
      );
      process.exit(1);
    }, config.shutdownTimeoutMs);
    service
      .stop()
      .then(stopTracing)
      .then(() => {
        clearTimeout(deadline);
        logger.info({ signal }, 'stopped');
        process.exit(0);
      })
      .catch((error: unknown) => {
        logger.error({ err: error }, 'shutdown failed');
        process.exit(1);
      });
  };
  onSignal = shutdown;
  if (signalled) shutdown(signalled);
}
