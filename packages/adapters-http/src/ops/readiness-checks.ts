import type { ReadinessReport } from './readiness.js';

/** What the checks read of the process's configuration: an API-only process serves without some resources. */
export interface ReadinessConfig {
  readonly role: 'all' | 'api' | 'worker';
}

/** A dependency `/readyz` checks. */
export interface CheckedResource {
  readonly name: string;
  /** True when an API-only process serves requests without it: /readyz reports it but stays 200. */
  readonly apiServesWithout?: boolean;
  /** True when no process needs it (a read replica, whose reads go to the primary): /readyz reports it, stays 200. */
  readonly optional?: boolean;
  check(): Promise<void>;
}

/**
 * The checks behind `/readyz`, on the API's port or a worker's: every resource (PostgreSQL, the job queue, which
 * an API-only process serves without), and Redis, which no process needs (`redisStatus`: ioredis's state, null
 * without Redis): while it is down the rate limit counts in process. A stopping process is not ready.
 */
export function readinessChecks(
  config: ReadinessConfig,
  resources: readonly CheckedResource[],
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
