// Command-line options; `--quick` shrinks every phase so a run takes a few minutes.
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';

/** The Node flags a start script gives the service (`node <flags> packages/app/dist/bin/…`). */
export function startScriptFlags(script) {
  const match = /\bnode((?:\s+--?[^\s]+)*)\s+packages\//.exec(script ?? '');
  return match ? match[1].trim() : '';
}

const SCRIPTS = JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')).scripts;

/** The bench measures each service process as its start script runs it, flags included. */
export const SERVICE_NODE_FLAGS = {
  api: startScriptFlags(SCRIPTS['start:api']),
  worker: startScriptFlags(SCRIPTS['start:worker']),
};

export const flagList = (flags) => flags.split(' ').filter(Boolean);

const FULL = {
  requests: 10_000,
  warmup: 500,
  rewarm: 1_000,
  growthRequests: 3_000,
  small: 10_000,
  large: 1_000_000,
  seconds: 30,
};
const QUICK = {
  requests: 2_000,
  warmup: 200,
  rewarm: 300,
  growthRequests: 1_000,
  small: 10_000,
  large: 100_000,
  seconds: 10,
};

export const USAGE = `Usage: npm run bench -- [--quick] [options]
  --quick                 small N (2,000 withdrawals; growth to 100k stored instead of 1M; 10 s load phases)
  --connections <n>       HTTP connections and pgbench clients (32)
  --requests <n>          withdrawals created and drained (10,000; quick 2,000)
  --rewarm <n>            withdrawals created between the ANALYZE and the measured creation, reported apart
                          (1,000; quick 300; 0 for none)
  --growth-requests <n>   withdrawals per growth measurement (3,000; quick 1,000), each on a fresh API after
                          a measured warm-up of twice as many
  --large <n>             stored withdrawals for the second growth point (1,000,000; quick 100,000)
  --seconds <n>           length of the disk flush, lookup, Express and pgbench runs (30; quick 10)
  --database-url <url>    PostgreSQL server to create the bench databases on (BENCH_DATABASE_URL)
  --redis-url <url>       Redis for the rate limiter (REDIS_URL)
  --rail-delays <spec>    RAIL_DELAYS_MS for the service ("ACH=1000")
  --node-flags="<flags>"  Node flags for both service processes (default: those of npm run start:api and
                          npm run start:worker)
  --cpu-prof              write V8 CPU profiles of the API and worker to tools/bench/results/profiles
  --keep                  keep the bench databases for EXPLAIN ANALYZE afterwards
  --statements            report the SQL statements of creation and drain per withdrawal (pg_stat_statements)`;

/** `raw` as an integer of at least `min` (1: a positive count; 0: a count that may be none), or `fallback`. */
export const integerAtLeast = (min) => (name, raw, fallback) => {
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min)
    throw new Error(`--${name} must be ${min > 0 ? 'a positive integer' : 'a whole number'} (got "${raw}")`);
  return value;
};
const positive = integerAtLeast(1);
const whole = integerAtLeast(0);

export function readOptions(argv, env = process.env) {
  const { values } = parseArgs({
    args: argv,
    options: {
      quick: { type: 'boolean', default: false },
      connections: { type: 'string' },
      requests: { type: 'string' },
      rewarm: { type: 'string' },
      'growth-requests': { type: 'string' },
      large: { type: 'string' },
      seconds: { type: 'string' },
      'database-url': { type: 'string' },
      'redis-url': { type: 'string' },
      'rail-delays': { type: 'string' },
      'node-flags': { type: 'string' },
      'cpu-prof': { type: 'boolean', default: false },
      keep: { type: 'boolean', default: false },
      statements: { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
  });
  const base = values.quick ? QUICK : FULL;
  return {
    help: values.help,
    mode: values.quick ? 'quick' : 'full',
    connections: positive('connections', values.connections, 32),
    requests: positive('requests', values.requests, base.requests),
    warmup: base.warmup,
    rewarm: whole('rewarm', values.rewarm, base.rewarm),
    growthRequests: positive('growth-requests', values['growth-requests'], base.growthRequests),
    small: base.small,
    large: positive('large', values.large, base.large),
    seconds: positive('seconds', values.seconds, base.seconds),
    databaseUrl:
      values['database-url'] ?? env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
    redisUrl: values['redis-url'] ?? env.REDIS_URL ?? 'redis://127.0.0.1:6379',
    railDelays: values['rail-delays'] ?? 'ACH=1000',
    nodeFlags:
      values['node-flags'] === undefined
        ? { api: flagList(SERVICE_NODE_FLAGS.api), worker: flagList(SERVICE_NODE_FLAGS.worker) }
        : { api: flagList(values['node-flags']), worker: flagList(values['node-flags']) },
    cpuProf: values['cpu-prof'],
    keep: values.keep,
    statements: values.statements,
  };
}
