// Command-line options; `--quick` shrinks every phase so a run takes a few minutes.
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';

/** The Node flags a start script gives the service (`node <flags> packages/app/dist/bin/…`). */
export function startScriptFlags(script) {
  const match = /\bnode((?:\s+--?[^\s]+)*)\s+packages\//.exec(script ?? '');
  return match ? match[1].trim().split(/\s+/).filter(Boolean) : [];
}

const SCRIPTS = JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')).scripts;

/** The bench runs each service process as its start script runs it, flags included. */
export const SERVICE_NODE_FLAGS = {
  api: startScriptFlags(SCRIPTS['start:api']),
  worker: startScriptFlags(SCRIPTS['start:worker']),
};

const FULL = {
  warmup: 1_000,
  light: 300,
  burst: 10_000,
  sustained: 30_000,
  growth: 3_000,
  large: 1_000_000,
  seconds: 30,
};
const QUICK = {
  warmup: 300,
  light: 100,
  burst: 2_000,
  sustained: 4_000,
  growth: 1_000,
  large: 100_000,
  seconds: 10,
};
/** The stored withdrawals of the growth measurement's first point. */
const SMALL = 10_000;

export const USAGE = `Usage: npm run bench -- [--quick] [options]
  --quick                 smaller phases (the counts in brackets) and growth to 100k stored instead of 1M
  --connections <n>       HTTP connections and pgbench clients (32)
  (a light load of 300 withdrawals, quick 100, at 5 a second measures webhook latency)
  --burst <n>             withdrawals created in the burst (10,000; quick 2,000)
  --sustained <n>         withdrawals created and settled in the sustained phase (30,000; quick 4,000)
  --growth <n>            withdrawals per growth point, after a warm-up of as many (3,000; quick 1,000)
  --large <n>             stored withdrawals at the second growth point (1,000,000; quick 100,000)
  --seconds <n>           length of the pgbench, bare Express and lookup runs (30; quick 10)
  --redis-url <url>       Redis the API and worker share (REDIS_URL, else redis://127.0.0.1:6379)
  --keep                  keep the PostgreSQL data directory and the service logs`;

/** `raw` as a positive integer, or `fallback` when not given. */
function positive(name, raw, fallback) {
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1)
    throw new Error(`--${name} must be a positive integer (got "${raw}")`);
  return value;
}

export function readOptions(argv, env = process.env) {
  const counts = ['connections', 'burst', 'sustained', 'growth', 'large', 'seconds'];
  const { values } = parseArgs({
    args: argv,
    options: {
      quick: { type: 'boolean', default: false },
      ...Object.fromEntries(counts.map((name) => [name, { type: 'string' }])),
      'redis-url': { type: 'string' },
      keep: { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
  });
  const base = { ...(values.quick ? QUICK : FULL), connections: 32 };
  return {
    help: values.help,
    mode: values.quick ? 'quick' : 'full',
    ...Object.fromEntries(counts.map((name) => [name, positive(name, values[name], base[name])])),
    warmup: base.warmup,
    light: base.light,
    small: SMALL,
    redisUrl: values['redis-url'] ?? env.REDIS_URL ?? 'redis://127.0.0.1:6379',
    keep: values.keep,
  };
}
