// Baseline 1: what this PostgreSQL does with the standard TPC-B transaction (five statements, one commit) at
// the same client count as the HTTP load, on a scratch database of its own.
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cpuMeter } from './cpu.mjs';
import { libpqArgs, libpqEnv } from './databases.mjs';
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

function run(args, { env, onLine }) {
  return new Promise((resolve, reject) => {
    const child = spawn(PGBENCH, args, {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const take = (chunk) => {
      const text = chunk.toString();
      output += text;
      for (const line of text.split('\n')) if (line.trim()) onLine?.(line);
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

/** TPC-B at `clients`; `initialise: false` runs again on the tables a previous run initialised. */
export async function runPgbench({
  adminUrl,
  database,
  clients,
  seconds,
  scale,
  initialise = true,
  onProgress,
}) {
  const connection = [...libpqArgs(adminUrl), database];
  const env = libpqEnv(adminUrl);
  if (initialise) await run(['-i', '-q', '-s', String(scale), ...connection], { env });
  const logDir = mkdtempSync(join(tmpdir(), 'bench-pgbench-'));
  try {
    const threads = Math.min(clients, 4);
    const meter = cpuMeter({ pids: [], database });
    const output = await run(
      [
        '-c',
        String(clients),
        '-j',
        String(threads),
        '-T',
        String(seconds),
        '-P',
        '1',
        '--log',
        `--log-prefix=${join(logDir, 'tx')}`,
        ...connection,
      ],
      {
        env,
        onLine: (line) => {
          const match = line.match(/^progress: ([\d.]+) s, ([\d.]+) tps/);
          if (match) onProgress?.(Number(match[1]) / seconds, `${Math.round(Number(match[2]))} tps`);
        },
      },
    );
    const tps = parseTps(output);
    const cpu = meter.stop(parseTransactions(output));
    const latencies = readdirSync(logDir).flatMap((file) =>
      parseLogLatencies(readFileSync(join(logDir, file), 'utf8')),
    );
    return { tps: Math.round(tps), clients, scale, seconds, latencyMs: summarize(latencies), cpu };
  } finally {
    rmSync(logDir, { recursive: true, force: true });
  }
}
