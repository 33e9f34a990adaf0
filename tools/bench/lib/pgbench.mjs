// Baseline 1: what the bench's PostgreSQL does with the standard TPC-B transaction (five statements, one commit) at
// the same client count as the HTTP load, on a database of its own on the same server.
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cpuMeter } from './cpu.mjs';
import { libpq } from './postgres-server.mjs';
import { summarize } from './stats.mjs';

export const PGBENCH = process.env.PGBENCH ?? '/usr/bin/pgbench';

/** The "tps = …" figure pgbench prints, preferring the one without connection set-up time. */
export function parseTps(output) {
  const match =
    output.match(/tps = ([\d.]+) \(without initial connection time\)/) ??
    output.match(/tps = ([\d.]+) \(excluding connections establishing\)/) ??
    output.match(/tps = ([\d.]+)/);
  if (!match) throw new Error(`pgbench printed no tps figure:\n${output}`);
  return Number(match[1]);
}

export function parseTransactions(output) {
  const match = output.match(/number of transactions actually processed: (\d+)/);
  if (!match) throw new Error(`pgbench printed no transaction count:\n${output}`);
  return Number(match[1]);
}

/** Per-transaction latencies in ms from `--log` lines: `client tx latency_us script epoch_s epoch_us`. */
export function parseLogLatencies(text) {
  const latencies = [];
  for (const line of text.split('\n')) {
    const fields = line.trim().split(/\s+/);
    if (fields.length >= 3 && /^\d+$/.test(fields[2])) latencies.push(Number(fields[2]) / 1000);
  }
  return latencies;
}

function run(args, { env }) {
  return new Promise((resolve, reject) => {
    const child = spawn(PGBENCH, args, {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const take = (chunk) => {
      output += chunk.toString();
    };
    child.stdout.on('data', take);
    child.stderr.on('data', take);
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0
        ? resolve(output)
        : reject(new Error(`pgbench ${args.join(' ')} failed (${code}):\n${output}`)),
    );
  });
}

/** Initialises TPC-B tables at `scale` in the database `url` names, then runs `clients` for `seconds`. */
export async function runPgbench({ url, clients, seconds, scale, postgresPid }) {
  const { args, env } = libpq(url);
  const connection = [...args, new URL(url).pathname.slice(1)];
  await run(['-i', '-q', '-s', String(scale), ...connection], { env });
  const logDir = mkdtempSync(join(tmpdir(), 'bench-pgbench-'));
  try {
    const meter = cpuMeter({ pids: {}, postgresPid });
    const output = await run(
      [
        ...['-c', String(clients), '-j', String(Math.min(clients, 4)), '-T', String(seconds)],
        ...['--log', `--log-prefix=${join(logDir, 'tx')}`, ...connection],
      ],
      { env },
    );
    const cpu = meter.stop(parseTransactions(output));
    const latencies = readdirSync(logDir).flatMap((file) =>
      parseLogLatencies(readFileSync(join(logDir, file), 'utf8')),
    );
    return {
      tps: Math.round(parseTps(output)),
      clients,
      scale,
      seconds,
      latencyMs: summarize(latencies),
      cpu,
    };
  } finally {
    rmSync(logDir, { recursive: true, force: true });
  }
}
