#!/usr/bin/env node
// npm run bench [-- --quick]: measures the service as it is deployed (API and worker as processes of their own,
// every setting its default, on a PostgreSQL of its own with autovacuum on) beside baselines taken on the same
// machine in the same run, and writes tools/bench/results/latest.{md,json}. Method: tools/bench/README.md.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { cpuMeter } from './lib/cpu.mjs';
import { waitForDrain } from './lib/drain.mjs';
import { runExpressBaseline } from './lib/express-baseline.mjs';
import {
  createMerchant,
  EntityPool,
  merchantToken,
  WITHDRAWAL_BODY,
  withdrawalRequest,
} from './lib/fixtures.mjs';
import { countWithdrawals, seedHistoryUpTo, waitForAutovacuum, withdrawalInserts } from './lib/history.mjs';
import { leaveLatencies, paced } from './lib/light-load.mjs';
import { requireAllOk, runLoad } from './lib/load.mjs';
import { readOptions, SERVICE_NODE_FLAGS, USAGE } from './lib/options.mjs';
import { runPgbench } from './lib/pgbench.mjs';
import { startBenchPostgres } from './lib/postgres-server.mjs';
import { freePort, startProcess, waitForHttp, waitUntil } from './lib/processes.mjs';
import { writeReport } from './lib/report.mjs';
import { describeRun } from './lib/run-info.mjs';
import { summarize } from './lib/stats.mjs';
import { WebhookReceiver } from './lib/webhook-receiver.mjs';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const ENTRY = {
  api: join(ROOT, 'packages/app/dist/bin/start-api.js'),
  worker: join(ROOT, 'packages/app/dist/bin/start-worker.js'),
};
const RESULTS = fileURLToPath(new URL('./results', import.meta.url));
/** The light load's pace: withdrawals a second, one at a time. */
const LIGHT_PER_SECOND = 5;

const options = readOptions(process.argv.slice(2));
if (options.help) {
  process.stdout.write(`${USAGE}\n`);
  process.exit(0);
}
if (!existsSync(ENTRY.api) || !existsSync(ENTRY.worker)) {
  process.stderr.write(`bench: ${ENTRY.api} is missing; build first (npm run build)\n`);
  process.exit(1);
}

const began = Date.now();
const say = (message) =>
  process.stderr.write(`[bench ${Math.round((Date.now() - began) / 1000)} s] ${message}\n`);
const countLabel = (n) =>
  n >= 1e6 ? `${+(n / 1e6).toFixed(2)}M` : n >= 1e3 ? `${+(n / 1e3).toFixed(1)}k` : `${n}`;
const running = { processes: [], receiver: new WebhookReceiver(), postgres: null, client: null };

async function main() {
  say('starting PostgreSQL');
  const postgres = await startBenchPostgres({ keep: options.keep });
  running.postgres = postgres;
  const serviceUrl = await postgres.createDatabase('payout');
  say(`pgbench TPC-B, ${options.connections} clients, ${options.seconds} s`);
  const baselines = {
    pgbench: await runPgbench({
      url: await postgres.createDatabase('pgbench'),
      clients: options.connections,
      seconds: options.seconds,
      scale: 10,
      postgresPid: postgres.pid,
    }),
  };
  say(`bare Express, ${options.connections} connections, ${options.seconds} s`);
  baselines.express = await runExpressBaseline({
    connections: options.connections,
    seconds: options.seconds,
    warmupSeconds: 2,
  });

  say('starting the API and the worker');
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const serviceEnv = {
    ...process.env,
    DATABASE_URL: serviceUrl,
    REDIS_URL: options.redisUrl,
    PORT: String(port),
    // The worker's probe and metrics port: a free one, so a worker already running here cannot block the bench's.
    WORKER_PORT: String(await freePort()),
  };
  const start = (role) => {
    const started = startProcess(role, {
      script: ENTRY[role],
      cwd: ROOT,
      nodeArgs: SERVICE_NODE_FLAGS[role],
      env: serviceEnv,
      logFile: join(postgres.dataDir, '..', `${role}.log`),
    });
    running.processes.push(started);
    return started;
  };
  const api = start('api');
  await waitForHttp(api, `${baseUrl}/readyz`);
  const worker = start('worker');
  await waitUntil(worker, 'started', () => worker.log().includes('service started'));
  const results = {
    ...describeRun(options, { postgres: postgres.settings, nodeFlags: SERVICE_NODE_FLAGS, serviceEnv }),
    baselines,
    notes: [],
  };

  const receiver = running.receiver;
  const { merchantId, webhookSecret } = await createMerchant(baseUrl, await receiver.start());
  receiver.trust(webhookSecret);
  const client = new pg.Client({ connectionString: serviceUrl });
  await client.connect();
  running.client = client;
  const entities = new EntityPool(baseUrl, merchantId);
  const created = [];
  // The bench's own process is the load tool and the webhook receiver: what the machine spends on the harness.
  const pids = { api: api.child.pid, worker: worker.child.pid, bench: process.pid };

  /** Entities enough for `amount` withdrawals, each from one that has made none for a minute. */
  const prepare = async (amount) => {
    const made = await entities.ensure(amount);
    if (made > 0) say(`${made} entities made through the operator API (${entities.entities.length} in all)`);
  };
  /** `amount` withdrawals at full speed. */
  const create = async (name, amount) => {
    await prepare(amount);
    say(`${name}: ${amount} withdrawals`);
    const load = await runLoad({
      url: baseUrl,
      connections: options.connections,
      amount,
      request: () => withdrawalRequest(entities.take()),
      onBody: (status, body) => {
        if (status === 200) created.push(JSON.parse(body).data.id);
      },
    });
    requireAllOk(name, load);
    return load;
  };
  /** Until every withdrawal is final and every webhook acknowledged. */
  const settle = async (name, amount) => {
    const state = await waitForDrain(client, {
      timeoutMs: 180_000 + amount * 50,
      acknowledged: () => receiver.eventIds.size,
    });
    if (!state.drained) throw new Error(`${name} did not settle: ${JSON.stringify(state)}\n${worker.tail()}`);
    return state;
  };
  /** Creation at `target` stored: a warm-up, then the measured load, on history loaded in SQL. */
  const growthPoint = async (target) => {
    const insertedBefore = await withdrawalInserts(client);
    const seeded = await seedHistoryUpTo(client, { merchantId, target });
    say(`growth: ${seeded} withdrawals of history loaded; waiting for autovacuum to catch up with them`);
    const vacuumedAfter = await waitForAutovacuum(client, insertedBefore + seeded);
    await create('growth warm-up', options.growth);
    await settle('growth warm-up', options.growth);
    const stored = await countWithdrawals(client);
    const load = await create(`growth at ${countLabel(stored)} stored`, options.growth);
    await settle('growth', options.growth);
    return { stored, label: countLabel(stored), seeded, vacuumedAfterSeconds: vacuumedAfter, ...load };
  };

  await create('warm-up', options.warmup);
  await settle('warm-up', options.warmup);

  /** Webhook latency at light load: one withdrawal at a time, `LIGHT_PER_SECOND` a second. */
  await prepare(options.light);
  say(`light load: ${options.light} withdrawals, ${LIGHT_PER_SECOND} a second`);
  const arrivals = receiver.timeArrivals();
  const lightIds = [];
  await paced({
    count: options.light,
    perSecond: LIGHT_PER_SECOND,
    send: async () => {
      const entity = entities.take();
      const response = await fetch(
        `${baseUrl}/v1/ext/linked-accounts/USD/${entity.linkedAccountId}/withdrawal`,
        {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${entity.token}` },
          body: WITHDRAWAL_BODY,
        },
      );
      if (response.status !== 200) throw new Error(`light load: ${response.status} ${await response.text()}`);
      lightIds.push((await response.json()).data.id);
    },
  });
  await settle('light load', options.light);
  receiver.arrivals = null;
  const lightEvents = await client.query(
    'SELECT id, created_at FROM webhook_events WHERE withdrawal_id = ANY($1::uuid[])',
    [lightIds],
  );
  results.light = {
    withdrawals: lightIds.length,
    perSecond: LIGHT_PER_SECOND,
    latencyMs: summarize(leaveLatencies(lightEvents.rows, arrivals)),
  };
  results.growth = { small: await growthPoint(options.small) };

  // Its entities first: the burst's CPU is the withdrawals', not the fixtures'.
  await prepare(options.burst);
  const burstCpu = cpuMeter({ pids, postgresPid: postgres.pid });
  results.burst = await create('burst', options.burst);
  results.burst.cpu = burstCpu.stop(options.burst);
  await settle('burst', options.burst);

  await prepare(options.sustained);
  const finalsBefore = receiver.finalAt.length;
  const sustainedCpu = cpuMeter({ pids, postgresPid: postgres.pid });
  const sustainedStart = Date.now();
  const creation = await create('sustained', options.sustained);
  say('sustained: settling');
  const settled = await settle('sustained', options.sustained);
  const finals = receiver.finalAt.slice(finalsBefore);
  const span = (finals.at(-1) - finals[0]) / 1000;
  results.sustained = {
    creation,
    endToEnd: {
      withdrawals: finals.length,
      firstFinalAfterSeconds: (finals[0] - sustainedStart) / 1000,
      spanSeconds: span,
      perSecond: Math.round((finals.length - 1) / span),
      settledAfterSeconds: settled.seconds,
    },
    cpu: sustainedCpu.stop(options.sustained),
  };

  say(`lookup: ${options.seconds} s`);
  const lookupToken = merchantToken(merchantId);
  let next = 0;
  const lookupRequest = () => ({
    method: 'GET',
    path: `/v1/transactions/${created[next++ % created.length]}/webhook-payload`,
    headers: { authorization: `Bearer ${lookupToken}` },
  });
  const lookup = (seconds) =>
    runLoad({ url: baseUrl, connections: options.connections, seconds, request: lookupRequest });
  await lookup(2);
  const lookupCpu = cpuMeter({ pids, postgresPid: postgres.pid });
  results.lookup = await lookup(options.seconds);
  results.lookup.cpu = lookupCpu.stop(results.lookup.ok);
  requireAllOk('lookup', results.lookup);

  results.growth.large = await growthPoint(options.large);
  for (const service of [api, worker]) await service.stop();
  results.rss = { api: api.peakRssMb, worker: worker.peakRssMb };
  results.notes.push(
    `Rate limit: the service's default, one withdrawal a minute per entity and IP. Every withdrawal comes from an entity that made none in the minute before; the ${entities.entities.length} entities were made through the operator and public APIs (created, funded, given an application token, a bank account linked).`,
    `Sustained: ${options.sustained} withdrawals created at full speed while the worker settles them; the end-to-end rate is the settled withdrawals (final status, every webhook acknowledged by the receiver, which verifies each signature) per second from the first to the last, the first ${results.sustained.endToEnd.firstFinalAfterSeconds.toFixed(1)} s after the first request (the simulated ACH settles in 5 s). CPU per withdrawal covers the whole phase, from the first request until the last webhook.`,
    `Growth: history loaded in SQL (ids from the service's UUIDv7 generator, one withdrawal every 2.5 s before the oldest stored, spread over the entities), then measured once autovacuum had caught up with it, nothing being vacuumed and nothing due a vacuum or an analyse (after ${results.growth.small.vacuumedAfterSeconds.toFixed(0)} s and ${results.growth.large.vacuumedAfterSeconds.toFixed(0)} s); each point is ${options.growth} withdrawals after a warm-up of as many.`,
    `Light load: ${results.light.withdrawals} withdrawals, one at a time, ${LIGHT_PER_SECOND} a second; a webhook's latency runs from its event's creation (stamped in the transaction that changed the status, before its commit) to its first arrival at the receiver, over all ${results.light.latencyMs.count} events (PENDING, PROCESSING_PAY_OUT, SUCCESS).`,
    `Webhook receiver: ${receiver.deliveries} deliveries, ${receiver.eventIds.size} distinct events, ${receiver.badSignatures} with a bad signature.`,
  );
  if (options.mode === 'quick')
    results.notes.push(`--quick: the second growth point is ${countLabel(options.large)}, not 1M.`);
  if (options.keep) results.notes.push(`kept: ${join(postgres.dataDir, '..')}`);
  return results;
}

async function cleanUp() {
  for (const service of running.processes) await service.stop().catch(() => undefined);
  await running.receiver.stop().catch(() => undefined);
  await running.client?.end().catch(() => undefined);
  await running.postgres?.stop().catch(() => undefined);
}

// Ctrl-C, or a kill from a script or a CI timeout: either way the bench's PostgreSQL must not outlive it.
for (const [signal, code] of [
  ['SIGINT', 130],
  ['SIGTERM', 143],
])
  process.once(signal, () => {
    say(`${signal}: stopping the service and PostgreSQL`);
    cleanUp().finally(() => process.exit(code));
  });

try {
  const results = await main();
  await cleanUp();
  const markdown = writeReport(RESULTS, results);
  say('done');
  process.stdout.write(`\n${markdown}`);
} catch (error) {
  say(`failed: ${error.stack ?? error}`);
  await cleanUp();
  process.exit(1);
}
