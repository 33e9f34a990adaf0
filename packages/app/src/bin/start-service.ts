import type { HttpServer } from '@payout/adapters-http';
import type { Logger } from '@payout/adapters-http/logging';
import { readinessChecks, startOpsServer } from '@payout/adapters-http/ops';
import type { Container } from 'inversify';
import type { AppConfig } from '../config/config.js';
import { buildContainer } from '../container/build-container.js';
import { type Resource, TOKENS } from '../container/tokens.js';

export interface RunningService {
  /** `http://host:port` when the API runs in this process. */
  readonly url: string | null;
  /** `http://host:port` of a worker process's own port (`/healthz`, `/readyz`, `/metrics`). */
  readonly opsUrl: string | null;
  readonly container: Container;
  /**
   * Graceful: not ready from the first moment (and, for SHUTDOWN_DRAIN_MS, serving on), then stop accepting,
   * finish in-flight requests and jobs, and close pools and servers.
   */
  stop(): Promise<void>;
}

/**
 * Starts the API and/or the workers of one process, as PROCESS_ROLE says. `prepare` may rebind what a test
 * replaces (the clock) before anything is built from the container.
 */
export async function startService(
  config: AppConfig,
  logger: Logger,
  prepare: (container: Container) => Promise<void> = async () => undefined,
): Promise<RunningService> {
  const container = await buildContainer(config, logger);
  await prepare(container);
  let stopping = false;
  const isStopping = () => stopping;
  const useCases = await container.getAsync(TOKENS.useCases);
  const resources = await container.getAsync<Resource[]>(TOKENS.resources);
  const metrics = container.get(TOKENS.metrics);
  // Imported here, not above: a worker process never loads the HTTP adapter (Express, ajv, the routes).
  const server: HttpServer | null =
    config.role !== 'worker'
      ? await (await import('@payout/adapters-http')).startHttpServer(
          config,
          logger,
          useCases,
          resources,
          metrics,
          isStopping,
        )
      : null;
  const workers =
    config.role !== 'api'
      ? [
          await container.getAsync(TOKENS.worker),
          await container.getAsync(TOKENS.withdrawalWorker),
          await container.getAsync(TOKENS.webhookWorker),
        ]
      : [];
  // The worker's port first: a process that cannot bind it exits before it has claimed any work.
  const ops =
    config.role === 'worker'
      ? await startOpsServer({
          port: config.workerPort,
          host: config.host,
          metrics,
          readiness: readinessChecks(config, resources, undefined, isStopping),
          logger,
        })
      : null;
  for (const worker of workers) await worker.start();
  return {
    url: server?.url ?? null,
    opsUrl: ops?.url ?? null,
    container,
    async stop() {
      stopping = true;
      await server?.close();
      await ops?.close();
      await Promise.all(workers.map((worker) => worker.stop()));
      for (const resource of resources) await resource.close();
    },
  };
}
