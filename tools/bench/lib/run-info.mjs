// What a report needs to be read later: the machine, the PostgreSQL server and the settings of the run.
import { execFileSync } from 'node:child_process';
import { cpus, totalmem } from 'node:os';
import { loadConfig, WITHDRAWAL_CHECKS_PER_WORKER_UNIT } from '@payout/app';
import { serviceNodeBinary } from './processes.mjs';

/** The service's Node flags: one list when both processes have the same, else each process's. */
export function nodeFlagsLine({ api, worker }) {
  const line = (flags) => flags.join(' ') || 'none';
  return line(api) === line(worker) ? line(api) : `API ${line(api)}; worker ${line(worker)}`;
}

export function describeRun(options, { postgres, nodeFlags, serviceEnv }) {
  return {
    mode: options.mode,
    startedAt: new Date().toISOString(),
    machine: {
      cpus: cpus().length,
      cpuModel: cpus()[0]?.model ?? 'unknown',
      memoryGb: Math.round(totalmem() / 2 ** 30),
      node: execFileSync(serviceNodeBinary(), ['--version']).toString().trim(),
    },
    postgres,
    settings: {
      connections: options.connections,
      serviceNodeFlags: nodeFlagsLine(nodeFlags),
      ...serviceSettings(serviceEnv),
      withdrawal:
        'USD 25.00 to a linked US bank account (ACH: PENDING → PROCESSING_PAY_OUT → SUCCESS, 3 webhooks)',
      counts: `warm-up ${options.warmup}, burst ${options.burst}, sustained ${options.sustained}, growth ${options.growth} per point after a warm-up of as many`,
      loadSeconds: options.seconds,
    },
  };
}

/** The service's own reading of the environment its processes get, so the report names what ran. */
export function serviceSettings(env) {
  const loaded = loadConfig(env);
  if (!loaded.ok) return { serviceConfig: `not readable: ${loaded.errors.join('; ')}` };
  const { config } = loaded;
  const delays = Object.entries(config.railDelaysMs).map(([rail, ms]) => `${rail}=${ms}`);
  return {
    logLevel: config.logLevel,
    withdrawalRateLimitPerMinute: config.withdrawalRateLimitPerMinute,
    railDelays: delays.join(',') || 'defaults (ACH 5 s)',
    workerConcurrency: `${config.workerConcurrency} (${config.workerConcurrency * WITHDRAWAL_CHECKS_PER_WORKER_UNIT} withdrawal checks in flight)`,
    webhookConcurrency: config.webhookConcurrency,
    databasePoolMax: config.databasePoolMax,
  };
}
