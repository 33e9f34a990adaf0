#!/usr/bin/env node
// The bench's creation phase alone, for trying a change in a minute instead of a whole run: a fresh database and
// API process, warm-up withdrawals, ANALYZE and a re-warm (as the bench does), then the measured withdrawals.
// Prints the rate, the latencies, the CPU per withdrawal of the API, PostgreSQL and the machine, the API's system
// calls per withdrawal, and with --windows the latencies by second (is the tail spread over the run, or in
// bursts?). Alternate two variants run by run: this machine's speed drifts by more than most changes move it.
// Needs a build, PostgreSQL and Redis, as the bench does.
//   node tools/bench/creation-probe.mjs [--requests 6000] [--warmup 500] [--rewarm 1000] [--connections 32]
//     [--node-flags="<flags>"] [--windows] [--heap-profile <file>]
// --heap-profile samples the API's allocations over the measured withdrawals (heap-sampler.mjs) and writes them
// to <file>, for `node tools/bench/heap-summary.mjs <file> --per <requests>`.
import { parseArgs } from 'node:util';
import { cpuMeter } from './lib/cpu.mjs';
import { requireAllOk } from './lib/load.mjs';
import { flagList, integerAtLeast, SERVICE_NODE_FLAGS } from './lib/options.mjs';
import { ProbeService, pause, SAMPLER } from './lib/probe-service.mjs';
import { latencyWindows, percentile, summarize } from './lib/stats.mjs';
import { describeCalls, syscallMeter } from './lib/syscalls.mjs';

const { values } = parseArgs({
  options: {
    requests: { type: 'string' },
    warmup: { type: 'string' },
    rewarm: { type: 'string' },
    connections: { type: 'string' },
    'node-flags': { type: 'string' },
    windows: { type: 'boolean', default: false },
    'heap-profile': { type: 'string' },
  },
});
const positive = integerAtLeast(1);
const requests = positive('requests', values.requests, 6000);
const warmup = positive('warmup', values.warmup, 500);
const rewarm = integerAtLeast(0)('rewarm', values.rewarm, 1000);
const connections = positive('connections', values.connections, 32);
const nodeArgs = flagList(values['node-flags'] ?? SERVICE_NODE_FLAGS.api);
if (values['heap-profile']) nodeArgs.push('--import', SAMPLER);

const service = new ProbeService({ prefix: 'probe', connections });

async function probe() {
  await service.begin({
    apiNodeArgs: nodeArgs,
    apiEnv: values['heap-profile'] ? { HEAP_SAMPLE_FILE: values['heap-profile'] } : {},
    count: warmup + rewarm + requests,
  });
  const { api, client } = service;
  requireAllOk('warm-up', await service.load(warmup));
  await client.query('ANALYZE');
  if (rewarm > 0) requireAllOk('re-warm', await service.load(rewarm));
  if (values['heap-profile']) api.child.kill('SIGUSR2');
  const samples = [];
  const meter = cpuMeter({ pids: [api.child.pid], database: service.db.name });
  const syscalls = syscallMeter(api.child.pid);
  const measured = await service.load(requests, (latency, at) => samples.push([at, latency]));
  const cpu = meter.stop(measured.ok);
  const calls = syscalls.stop(measured.ok);
  requireAllOk('creation', measured);
  if (values['heap-profile']) {
    api.child.kill('SIGUSR2');
    await pause(3000);
  }
  report(measured, cpu, calls, samples);
}

function report(measured, cpu, calls, samples) {
  const latencies = samples.map(([, latency]) => latency);
  const { mean, p50, p99 } = summarize(latencies);
  const p90 = percentile(latencies, 90);
  const max = Math.max(...latencies);
  const ms = (value) => `${value.toFixed(1)} ms`;
  process.stdout.write(
    `${measured.ok} withdrawals at ${connections} connections: ${measured.throughput} req/s\n` +
      `latency mean ${ms(mean)}, p50 ${ms(p50)}, p90 ${ms(p90)}, p99 ${ms(p99)}, max ${ms(max)}\n` +
      `CPU per withdrawal: API ${cpu.servicePerRequestMs} ms, PostgreSQL ${cpu.postgresPerRequestMs} ms, ` +
      `machine ${cpu.machinePerRequestMs} ms (${cpu.machineBusyPct}% busy)\n` +
      `system calls per withdrawal, API: ${describeCalls(calls)}\n`,
  );
  if (values['heap-profile']) process.stdout.write(`allocation profile: ${values['heap-profile']}\n`);
  if (!values.windows) return;
  process.stdout.write('\nsecond  count  mean    p99     max\n');
  for (const window of latencyWindows(samples, 1000))
    process.stdout.write(
      `${String(window.startMs / 1000).padStart(6)}  ${String(window.count).padStart(5)}  ${window.mean.toFixed(1).padStart(6)}  ${window.p99.toFixed(1).padStart(6)}  ${window.max.toFixed(1).padStart(6)}\n`,
    );
}

try {
  await probe();
} finally {
  await service.close();
}
