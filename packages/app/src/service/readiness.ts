import type { ReadinessReport } from '@payout/adapters-http/ops';
import type { AppConfig } from '../config/config.js';
import type { Resource } from '../container/tokens.js';

/**
 * The checks behind `/readyz`, on the API's port or a worker's: every resource (PostgreSQL, the job queue, which
 * an API-only process serves without), and Redis, which no process needs (`redisStatus`: ioredis's state, null
 * without Redis): while it is down the rate limit counts in process. A stopping process is not ready.
 */
export function readinessChecks(
  config: AppConfig,
  resources: readonly Resource[],
  redisStatus: () => string | null = () => null,
  stopping: () => boolean = () => false,
): () => Promise<ReadinessReport> {
  return async () => {
    const report: ReadinessReport = {};
    // Stopping: out of rotation at once, while it still serves what reaches it (SHUTDOWN_DRAIN_MS).
    if (stopping()) report.shutdown = { ok: false, detail: 'stopping', required: true };
    for (const resource of resources) {
      const required = !resource.optional && !(config.role === 'api' && resource.apiServesWithout);
      try {
        await resource.check();
        report[resource.name] = { ok: true, required };
      } catch (error) {
        report[resource.name] = { ok: false, detail: (error as Error).message, required };
      }
    }
    const redis = redisStatus();
    if (redis !== null) report.redis = { ok: redis === 'ready', detail: redis, required: false };
    return report;
  };
}
