#!/usr/bin/env node
// The bench's settlement drain alone, for trying a change to the worker in a minute or two instead of a whole run:
// a fresh database and API, warm-up withdrawals settled by a fresh worker (its cold start), the worker held stopped
// (SIGSTOP) while the measured withdrawals are created, then resumed and timed until every withdrawal is final and
// every webhook acknowledged by the local receiver, as the bench does. Prints the drain's rate and the CPU per
// drained withdrawal of the worker, PostgreSQL, the receiver (this process) and the machine, and the worker's
// system calls per drained withdrawal. Alternate two variants
// run by run: this machine's speed drifts by more than most changes move it.
//   node tools/bench/drain-probe.mjs [--requests 10000] [--warmup 500] [--connections 32]
//     [--rail-delays ACH=1000] [--node-flags="<worker flags>"] [--heap-profile <file>] [--statements] [--keep]
// --heap-profile samples the worker's allocations over the drain (heap-sampler.mjs) and writes them to <file>, for
// `node tools/bench/heap-summary.mjs <file> --per <withdrawals>`. --statements prints the drain's costliest
// statements (pg_stat_statements, loaded as the bench's --statements needs it). Environment variables (WEBHOOK_CONCURRENCY, …)
// pass through to the service. --keep leaves the database for EXPLAIN ANALYZE (drop it afterwards).
import { parseArgs } from 'node:util';
import { cpuMeter } from './lib/cpu.mjs';
import { waitForDrain } from './lib/drain.mjs';
import { requireAllOk } from './lib/load.mjs';
import { flagList, integerAtLeast, SERVICE_NODE_FLAGS } from './lib/options.mjs';
import { ProbeService, pause, SAMPLER } from './lib/probe-service.mjs';
import { renderStatements, statementsMeter } from './lib/statements.mjs';
import { describeCalls, syscallMeter } from './lib/syscalls.mjs';

const { values } = parseArgs({
  options: {
    requests: { type: 'string' },
    warmup: { type: 'string' },
    connections: { type: 'string' },
    'rail-delays': { type: 'string', default: 'ACH=1000' },
    'node-flags': { type: 'string' },
    'heap-profile': { type: 'string' },
    statements: { type: 'boolean', default: false },
    keep: { type: 'boolean', default: false },
  },
});
const positive = integerAtLeast(1);
const requests = positive('requests', values.requests, 10000);
const warmup = positive('warmup', values.warmup, 500);
const connections = positive('connections', values.connections, 32);
const heapProfile = values['heap-profile'];
const workerArgs = flagList(values['node-flags'] ?? SERVICE_NODE_FLAGS.worker);
if (heapProfile) workerArgs.push('--import', SAMPLER);
const railEnv = { RAIL_DELAYS_MS: values['rail-delays'] };

const service = new ProbeService({ prefix: 'drain_probe', connections });

async function probe() {
  await service.begin({
    apiNodeArgs: flagList(SERVICE_NODE_FLAGS.api),
    apiEnv: railEnv,
    count: warmup + requests,
  });
  const { client, receiver } = service;
  const acknowledged = () => receiver.eventIds.size;
  requireAllOk('warm-up', await service.load(warmup));
  const worker = service.start('worker', {
    nodeArgs: workerArgs,
    env: { ...railEnv, ...(heapProfile ? { HEAP_SAMPLE_FILE: heapProfile } : {}) },
  });
  const cold = await waitForDrain(client, { timeoutMs: 120_000, acknowledged });
  if (!cold.drained) throw new Error(`the worker did not settle the warm-up:\n${worker.tail()}`);
  worker.pause();
  await client.query('ANALYZE');
  const created = await service.load(requests);
  requireAllOk('creation', created);

  // Sampling starts when the worker resumes: the signal waits for it.
  if (heapProfile) worker.child.kill('SIGUSR2');
  const before = await databaseWork(client);
  const statements = values.statements ? await statementsMeter(client) : null;
  const meter = cpuMeter({ pids: [worker.child.pid], database: service.db.name });
  const syscalls = syscallMeter(worker.child.pid);
  const since = Date.now();
  worker.resume();
  const drained = await waitForDrain(client, { since, timeoutMs: 600_000, acknowledged });
  const withdrawals = drained.withdrawals - cold.withdrawals;
  const cpu = meter.stop(withdrawals);
  const calls = syscalls.stop(withdrawals);
  if (!drained.drained) throw new Error(`the drain did not finish:\n${worker.tail()}`);
  if (heapProfile) worker.child.kill('SIGUSR2');
  // PostgreSQL sends a backend's counters at most once a second.
  await pause(heapProfile ? 3000 : 1500);
  const work = await databaseWork(client, before);
  const drainStatements = statements ? await statements.stop(withdrawals) : null;
  const perWithdrawal = (ms) => (ms / withdrawals).toFixed(3);
  process.stdout.write(
    `created ${created.ok} at ${created.throughput} req/s; drained ${withdrawals} withdrawals and ` +
      `${drained.events - cold.events} webhooks in ${drained.seconds.toFixed(2)} s: ` +
      `${Math.round(withdrawals / drained.seconds)} withdrawals/s ` +
      `(${(withdrawals / drained.seconds / created.throughput).toFixed(2)} × creation)\n` +
      `CPU per drained withdrawal: worker ${cpu.servicePerRequestMs} ms, PostgreSQL ${cpu.postgresPerRequestMs} ms, ` +
      `receiver ${perWithdrawal(cpu.loadToolMs)} ms, machine ${cpu.machinePerRequestMs} ms ` +
      `(${cpu.machineBusyPct}% busy); worker peak RSS ${worker.peakRssMb} MB\n` +
      `system calls per drained withdrawal, worker: ${describeCalls(calls)}\n` +
      `per drained withdrawal: ${Object.entries(work)
        .map(([name, count]) => `${(count / withdrawals).toFixed(2)} ${name}`)
        .join(', ')}\n`,
  );
  if (heapProfile) process.stdout.write(`allocation profile: ${heapProfile}\n`);
  if (drainStatements) process.stdout.write(`${renderStatements('drain', drainStatements).join('\n')}\n`);
}

/**
 * Commits and rows written in the database (its own statistics; the probe's few queries included), and with
 * `since` the difference from then: how much the worker asks of PostgreSQL per drained withdrawal.
 */
async function databaseWork(client, since) {
  const { rows } = await client.query(
    `SELECT d.xact_commit AS commits, d.xact_rollback AS rollbacks, t.inserted, t.updated, t.hot_updated
       FROM pg_stat_database d,
            (SELECT sum(n_tup_ins) AS inserted, sum(n_tup_upd) AS updated, sum(n_tup_hot_upd) AS hot_updated
               FROM pg_stat_user_tables) t
      WHERE d.datname = current_database()`,
  );
  const now = Object.fromEntries(Object.entries(rows[0]).map(([name, value]) => [name, Number(value)]));
  if (!since) return now;
  return Object.fromEntries(Object.entries(now).map(([name, value]) => [name, value - since[name]]));
}

try {
  await probe();
} finally {
  await service.close({ keep: values.keep });
}
