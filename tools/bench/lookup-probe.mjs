#!/usr/bin/env node
// The bench's lookup phase alone, for trying a change in a minute instead of a whole run: a fresh database and API
// process, withdrawals created through it, then their webhook payloads looked up by the merchant at the bench's
// connections for a warm-up and a measured stretch, as the bench does. Prints the rate, the latencies, the CPU per
// lookup of the API, PostgreSQL and the machine, and the API's system calls and context switches per lookup.
// Alternate two variants run by run: this machine's speed drifts by more than most changes move it.
// Needs a build, PostgreSQL and Redis, as the bench does.
//   node tools/bench/lookup-probe.mjs [--withdrawals 2000] [--seconds 10] [--warmup-seconds 2] [--connections 32]
//     [--node-flags="<flags>"]
import { parseArgs } from 'node:util';
import { cpuMeter } from './lib/cpu.mjs';
import { requireAllOk, runLoad } from './lib/load.mjs';
import { merchantToken } from './lib/operator-api.mjs';
import { flagList, integerAtLeast, SERVICE_NODE_FLAGS } from './lib/options.mjs';
import { ProbeService } from './lib/probe-service.mjs';
import { describeCalls, syscallMeter } from './lib/syscalls.mjs';

const { values } = parseArgs({
  options: {
    withdrawals: { type: 'string' },
    seconds: { type: 'string' },
    'warmup-seconds': { type: 'string' },
    connections: { type: 'string' },
    'node-flags': { type: 'string' },
  },
});
const positive = integerAtLeast(1);
const withdrawals = positive('withdrawals', values.withdrawals, 2000);
const seconds = positive('seconds', values.seconds, 10);
const warmupSeconds = integerAtLeast(0)('warmup-seconds', values['warmup-seconds'], 2);
const connections = positive('connections', values.connections, 32);
const nodeArgs = flagList(values['node-flags'] ?? SERVICE_NODE_FLAGS.api);

const service = new ProbeService({ prefix: 'lookup_probe', connections });

async function probe() {
  await service.begin({ apiNodeArgs: nodeArgs, count: withdrawals });
  const ids = [];
  const created = await service.load(withdrawals, undefined, (status, body) => {
    if (status === 200) ids.push(JSON.parse(body).data.id);
  });
  requireAllOk('creation', created);
  await service.client.query('ANALYZE');
  const token = merchantToken(service.template.merchantId);
  let next = 0;
  const lookup = (duration) =>
    runLoad({
      url: service.baseUrl,
      connections,
      seconds: duration,
      request: () => ({
        method: 'GET',
        path: `/v1/transactions/${ids[next++ % ids.length]}/webhook-payload`,
        headers: { authorization: `Bearer ${token}` },
      }),
    });
  if (warmupSeconds > 0) requireAllOk('lookup warm-up', await lookup(warmupSeconds));
  const meter = cpuMeter({ pids: [service.api.child.pid], database: service.db.name });
  const syscalls = syscallMeter(service.api.child.pid);
  const measured = await lookup(seconds);
  const cpu = meter.stop(measured.ok);
  const calls = syscalls.stop(measured.ok);
  requireAllOk('lookup', measured);
  const { p50, p99 } = measured.latencyMs;
  process.stdout.write(
    `${measured.ok} lookups of ${ids.length} withdrawals at ${connections} connections: ${measured.throughput} req/s\n` +
      `latency p50 ${p50.toFixed(2)} ms, p99 ${p99.toFixed(2)} ms\n` +
      `CPU per lookup: API ${cpu.servicePerRequestMs} ms, PostgreSQL ${cpu.postgresPerRequestMs} ms, ` +
      `machine ${cpu.machinePerRequestMs} ms (${cpu.machineBusyPct}% busy)\n` +
      `system calls per lookup, API: ${describeCalls(calls)}\n`,
  );
}

try {
  await probe();
} finally {
  await service.close();
}
