// What a report needs to be read later: the machine, the PostgreSQL server and the settings of the run.
import { execFileSync } from 'node:child_process';
import { cpus, totalmem } from 'node:os';
import { loadConfig, WITHDRAWAL_CHECKS_PER_WORKER_UNIT } from '@payout/app';
import { serverFacts } from './databases.mjs';
import { serviceNodeBinary } from './processes.mjs';

/** The service's Node flags: one list when both processes have the same, else each process's. */
export function nodeFlagsLine({ api, worker }) {
  const line = (flags) => flags.join(' ') || 'none';
  return line(api) === line(worker) ? line(api) : `API ${line(api)}; worker ${line(worker)}`;
}

export async function describeRun(options) {
  return {
    mode: options.mode,
    startedAt: new Date().toISOString(),
    machine: {
      cpus: cpus().length,
      cpuModel: cpus()[0]?.model ?? 'unknown',
      memoryGb: Math.round(totalmem() / 2 ** 30),
      benchNode: process.versions.node,
      serviceNode: execFileSync(serviceNodeBinary(), ['--version']).toString().trim(),
    },
    postgres: await serverFacts(options.databaseUrl),
    settings: {
      connections: options.connections,
      withdrawalRateLimitPerMinute: '1 (the spec default): every creation request uses an entity of its own',
      railDelaysMs: options.railDelays,
      ...serviceSettings(process.env),
      serviceNodeFlags: nodeFlagsLine(options.nodeFlags),
      withdrawal:
        'USD 25.00 to a linked US bank account (ACH: PENDING → PROCESSING_PAY_OUT → SUCCESS, 3 webhooks)',
      creationRequests: options.requests,
      warmupRequests: options.warmup,
      growthRequests: `${options.growthRequests} per point, after a measured warm-up of twice as many`,
      loadSeconds: options.seconds,
    },
    baselines: {},
    notes: [],
  };
}

/** The service's own reading of the environment its processes inherit, so the report names what ran. */
export function serviceSettings(env) {
  const loaded = loadConfig(env);
  if (!loaded.ok) return { serviceConfig: `not readable: ${loaded.errors.join('; ')}` };
  const {
    workerConcurrency,
    webhookConcurrency,
    webhookConcurrencyPerMerchant,
    webhookConnectionsPerEndpoint,
    databasePoolMax,
  } = loaded.config;
  return {
    workerConcurrency: `${workerConcurrency} (${workerConcurrency * WITHDRAWAL_CHECKS_PER_WORKER_UNIT} withdrawal checks in flight per worker)`,
    webhookConcurrency,
    webhookConcurrencyPerMerchant: `${webhookConcurrencyPerMerchant} (the bench has one merchant: its deliveries in flight per worker)`,
    webhookConnectionsPerEndpoint: webhookConnectionsPerEndpoint || 'no cap',
    databasePoolMax,
  };
}
