#!/usr/bin/env node
// npm run bench [-- --quick]: measures the payout service against this machine's own limits (issue 6) and
// writes tools/bench/results/latest.{json,md}. It creates and drops its own databases on the PostgreSQL server,
// starts the service itself (API and worker as separate processes) and prints the table on stdout.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { cpuMeter } from './lib/cpu.mjs';
import { BenchDatabases, dataDirectory } from './lib/databases.mjs';
import { flushDirectory, measureDiskFlush } from './lib/disk-flush.mjs';
import { waitForDrain } from './lib/drain.mjs';
import { runExpressBaseline } from './lib/express-baseline.mjs';
import { countLabel, measureGrowth } from './lib/growth.mjs';
import { requireAllOk, runLoad } from './lib/load.mjs';
import { createTemplate, merchantToken } from './lib/operator-api.mjs';
import { readOptions, USAGE } from './lib/options.mjs';
import { runPgbench } from './lib/pgbench.mjs';
import { freePort, RestartableProcess, startProcess, waitForHttp } from './lib/processes.mjs';
import { Progress } from './lib/progress.mjs';
import { writeReport } from './lib/report.mjs';
import { describeRun } from './lib/run-info.mjs';
import { cloneEntities } from './lib/seed-entities.mjs';
import { statementsMeter } from './lib/statements.mjs';
import { WebhookReceiver } from './lib/webhook-receiver.mjs';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
// start.js always runs role `all` whatever PROCESS_ROLE says, so each role is started by its own entry point.
const ENTRY = {
  api: fileURLToPath(new URL('../../packages/app/dist/bin/start-api.js', import.meta.url)),
  worker: fileURLToPath(new URL('../../packages/app/dist/bin/start-worker.js', import.meta.url)),
};
const RESULTS = fileURLToPath(new URL('./results', import.meta.url));
const WITHDRAWAL_BODY = JSON.stringify({ amount: 25, walletType: 'SPEND' });

const options = readOptions(process.argv.slice(2));
if (options.help) {
  process.stdout.write(`${USAGE}\n`);
  process.exit(0);
}
if (!existsSync(ENTRY.api) || !existsSync(ENTRY.worker)) {
  process.stderr.write(`bench: ${ENTRY.api} is missing; build first (npm run build)\n`);
  process.exit(1);
}

const progress = new Progress([
  { name: 'disk', weight: options.seconds },
  { name: 'pgbench', weight: options.seconds + 10 },
  { name: 'express', weight: options.seconds + 2 },
  { name: 'setup', weight: 8 },
  { name: 'create', weight: (options.warmup + options.requests) / 250 },
  { name: 'drain', weight: options.requests / 150 },
  { name: 'lookup', weight: options.seconds + 2 },
  { name: 'again', weight: 2 * options.seconds + 2 },
  { name: 'growth', weight: (6 * options.growthRequests) / 250 + options.large / 25_000 },
]);
const databases = new BenchDatabases(options.databaseUrl, `bench_${process.pid}`);
const processes = [];
const receiver = new WebhookReceiver();

const results = await describeRun(options);

/** The service's environment: our database, Redis, quiet logs, the rail delays of this run. */
function serviceEnv(databaseUrl, port) {
  return {
    DATABASE_URL: databaseUrl,
    REDIS_URL: options.redisUrl,
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    RAIL_DELAYS_MS: options.railDelays,
  };
}

function startService(role, databaseUrl, port) {
  const nodeArgs = [...options.nodeFlags[role]];
  if (options.cpuProf) nodeArgs.push('--cpu-prof', '--cpu-prof-dir', `${RESULTS}/profiles`);
  const service = startProcess(`service (${role})`, {
    script: ENTRY[role],
    cwd: ROOT,
    nodeArgs,
    env: serviceEnv(databaseUrl, port),
  });
  processes.push(service);
  return service;
}

/**
 * pgbench TPC-B and the bare Express endpoint, run before the service's phases and again after its lookup phase:
 * the creation and lookup figures are judged against the mean of both runs (see the report).
 */
async function runBaselines(pgbenchDb, { again }) {
  // The first run has a progress phase for each baseline; the second shares one, pgbench its first half.
  const within = (from, share) => (done, detail) => progress.update(from + done * share, detail);
  progress.phase(again ? 'again' : 'pgbench', again ? 'pgbench TPC-B again' : 'initialising scale 10');
  const pgbench = await runPgbench({
    adminUrl: options.databaseUrl,
    database: pgbenchDb.name,
    clients: options.connections,
    seconds: options.seconds,
    scale: 10,
    initialise: !again,
    onProgress: within(0, again ? 0.5 : 1),
  });
  if (again) progress.update(0.5, 'bare Express again');
  else progress.phase('express', 'bare Express endpoint');
  const express = await runExpressBaseline({
    connections: options.connections,
    seconds: options.seconds,
    warmupSeconds: 2,
    onProgress: again ? within(0.5, 0.5) : within(0, 1),
  });
  return { pgbench, express };
}

/** The disk's own flush latency where PostgreSQL writes (lib/disk-flush.mjs), or why it was not measured. */
async function measureFlushes() {
  progress.phase('disk', 'flushing pages where PostgreSQL writes');
  const { dir, reason } = flushDirectory(await dataDirectory(options.databaseUrl));
  const notMeasured = (why) => {
    results.notes.push(`Disk flush not measured: ${why}.`);
    return { dir: null, reason: why };
  };
  if (!dir) return notMeasured(reason);
  return measureDiskFlush({
    dir,
    seconds: options.seconds,
    onProgress: (done, detail) => progress.update(done, detail),
  }).catch((error) => notMeasured(`${dir}: ${error.message}`));
}

async function main() {
  results.diskFlush = await measureFlushes();
  const pgbenchDb = await databases.create('pgbench');
  results.baselines = await runBaselines(pgbenchDb, { again: false });

  progress.phase('setup', 'starting the API');
  const db = await databases.create('service');
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  // The database the API runs on, and the bench's connection to it: the growth phase moves both to a copy.
  const target = { database: db, client: await connect(db.url) };
  const api = await new RestartableProcess(async () => {
    const started = startService('api', target.database.url, port);
    await waitForHttp(started, `${baseUrl}/readyz`);
    return started;
  }).begin();
  try {
    await measureService({ baseUrl, db, api, client: target.client, target, pgbenchDb });
  } finally {
    await target.client.end();
  }
}

async function connect(url) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  return client;
}

async function measureService({ baseUrl, db, api, client, target, pgbenchDb }) {
  const webhookUrl = await receiver.start();
  const template = await createTemplate(baseUrl, { webhookUrl, funds: '1000.00' });
  receiver.trust(template.webhookSecret);
  const spare = 4 * options.connections;
  // Each growth point is preceded by a measured warm-up twice as long as itself (see measureGrowth).
  const growthWarmup = 2 * options.growthRequests;
  const needed =
    options.warmup +
    options.rewarm +
    options.requests +
    3 * (growthWarmup + options.growthRequests) +
    4 * spare;
  progress.update(0.3, `cloning ${needed} entities`);
  const entities = await cloneEntities(client, template, needed);
  let cursor = 0;
  const withdrawalRequest = () => {
    const entity = entities[cursor++ % entities.length];
    return {
      method: 'POST',
      path: `/v1/ext/linked-accounts/USD/${entity.linkedAccountId}/withdrawal`,
      headers: { 'content-type': 'application/json', authorization: `Bearer ${entity.token}` },
      body: WITHDRAWAL_BODY,
    };
  };
  // The API's CPU and, with --statements, the statements of one phase of load: `stop(requests)` gives both.
  const apiMeter = async () => {
    const statements = options.statements ? await statementsMeter(target.client) : null;
    const cpu = cpuMeter({ pids: [api.pid], database: target.database.name });
    return {
      stop: async (requests) => ({
        cpu: cpu.stop(requests),
        ...(statements ? { statements: await statements.stop(requests) } : {}),
      }),
    };
  };
  const created = [];
  const collectId = (status, body) => {
    if (status === 200) created.push(JSON.parse(body).data.id);
  };
  const createLoad = (amount, onProgress) =>
    runLoad({
      url: baseUrl,
      connections: options.connections,
      amount,
      request: withdrawalRequest,
      onBody: collectId,
      onProgress,
    });

  progress.phase('create', `${options.warmup} warm-up withdrawals`);
  requireAllOk('warm-up', await createLoad(options.warmup));
  // The worker warms up as the API did: started now, it settles the warm-up withdrawals (its cold start is
  // reported on its own), then is held stopped while creation is measured, and resumed for the drain.
  progress.update(
    0.5 * (options.warmup / (options.warmup + options.requests)),
    'worker settling the warm-up',
  );
  const coldSince = Date.now();
  const worker = startService('worker', db.url, 0);
  results.workerColdStart = await waitForDrain(client, {
    since: coldSince,
    timeoutMs: 120_000,
    acknowledged: () => receiver.eventIds.size,
  });
  if (!results.workerColdStart.drained)
    throw new Error(`the worker did not settle the warm-up:\n${worker.tail()}`);
  worker.pause();
  // What autovacuum's analyze does on its own after the first rows of a table (this machine's PostgreSQL runs with
  // autovacuum off): fresh statistics, and the plans the service cached while its tables were empty made again.
  await client.query('ANALYZE');
  // The ANALYZE (and the API's idle seconds while the worker warmed up) leave a transient the measured phase
  // should not start in: every pooled connection plans its statements again, and an API back from idle costs more
  // for its first requests (session 19). A re-warm on the API alone takes it, reported apart, not judged; its
  // withdrawals are drained with the measured ones (session 25).
  if (options.rewarm > 0) {
    progress.update(
      options.warmup / (options.warmup + options.requests),
      `${options.rewarm} re-warm withdrawals`,
    );
    results.creationRewarm = await createLoad(options.rewarm);
    requireAllOk('re-warm', results.creationRewarm);
  }
  progress.update(options.warmup / (options.warmup + options.requests));
  const creationMeter = await apiMeter();
  results.creation = await createLoad(options.requests, (done, detail) =>
    progress.update((options.warmup + done * options.requests) / (options.warmup + options.requests), detail),
  );
  Object.assign(results.creation, await creationMeter.stop(results.creation.ok));
  requireAllOk('withdrawal creation', results.creation);
  progress.note(`creation: ${results.creation.throughput} req/s, p99 ${results.creation.latencyMs.p99} ms`);

  progress.phase('drain', 'resuming the worker');
  const drainStatements = options.statements ? await statementsMeter(client) : null;
  const since = Date.now();
  const drainCpu = cpuMeter({ pids: [worker.child.pid], database: db.name });
  worker.resume();
  const drained = await waitForDrain(client, {
    since,
    timeoutMs: Math.max(180_000, options.requests * 60),
    acknowledged: () => receiver.eventIds.size,
    onProgress: (done, detail) => progress.update(done, detail),
  });
  // What this drain settled: the warm-up's withdrawals and webhooks were settled before it.
  results.drain = {
    ...drained,
    withdrawals: drained.withdrawals - results.workerColdStart.withdrawals,
    events: drained.events - results.workerColdStart.events,
  };
  results.drain.cpu = drainCpu.stop(results.drain.withdrawals);
  if (drainStatements) results.drain.statements = await drainStatements.stop(results.drain.withdrawals);
  results.drain.receiver = {
    deliveries: receiver.deliveries,
    distinctEvents: receiver.eventIds.size,
    badSignatures: receiver.badSignatures,
    crossChecked: receiver.crossChecked,
  };
  await worker.stop();
  results.rss = { worker: worker.peakRssMb };
  results.notes.push(
    `Webhook receiver: ${receiver.deliveries} deliveries, ${receiver.eventIds.size} distinct events, ${receiver.badSignatures} with a bad signature (every one verified with node:crypto, ${receiver.crossChecked} also with the standardwebhooks library).`,
  );
  progress.note(
    `drain: ${results.drain.withdrawals} withdrawals in ${results.drain.seconds.toFixed(1)} s, ${receiver.eventIds.size} webhooks acknowledged`,
  );

  progress.phase('lookup', 'warming up');
  const lookupToken = merchantToken(template.merchantId);
  let lookupIndex = 0;
  const lookupRequest = () => ({
    method: 'GET',
    path: `/v1/transactions/${created[lookupIndex++ % created.length]}/webhook-payload`,
    headers: { authorization: `Bearer ${lookupToken}` },
  });
  await runLoad({ url: baseUrl, connections: options.connections, seconds: 2, request: lookupRequest });
  const lookupCpu = cpuMeter({ pids: [api.pid], database: db.name });
  results.lookup = await runLoad({
    url: baseUrl,
    connections: options.connections,
    seconds: options.seconds,
    request: lookupRequest,
    onProgress: (done, detail) => progress.update(done, detail),
  });
  results.lookup.cpu = lookupCpu.stop(results.lookup.ok);
  requireAllOk('lookup', results.lookup);

  // With the API idle and the worker stopped: how far the machine drifted since the first baselines.
  results.baselinesAfter = await runBaselines(pgbenchDb, { again: true });
  results.notes.push(
    'pgbench and bare Express ran before the service and again after its lookup phase (the API idle, the worker stopped); creation, lookup and their CPU are judged against the mean of the two runs, the second shown beside the first as the drift.',
  );

  progress.phase('growth', `seeding to ${countLabel(options.small)} stored`);
  // The small point is measured again after the large one, on a copy of its database taken right after it, so
  // that a machine whose speed drifted during the phase shows (see measureGrowth).
  let small;
  results.growth = await measureGrowth({
    // Through `target`: copying the database needs the bench's connection to it closed and opened again.
    client: { query: (...args) => target.client.query(...args) },
    again: {
      keep: async () => {
        await api.stop();
        await target.client.end();
        small = await databases.copy(db.name, 'small');
        target.client = await connect(db.url);
      },
      use: async () => {
        const service = target.client;
        target.database = small;
        target.client = await connect(small.url);
        await service.end();
        await api.restart();
        return target.client;
      },
    },
    merchantId: template.merchantId,
    sizes: [options.small, options.large],
    requests: options.growthRequests,
    warmup: growthWarmup,
    createLoad,
    onProgress: (done, detail) => progress.update(done, detail),
    meter: apiMeter,
    restart: () => api.restart(),
  });
  await api.stop();
  results.rss.api = api.peakRssMb;
  if (options.keep) results.notes.push(`databases kept: ${databases.created.join(', ')}`);
  results.notes.push(
    `Creation and growth are measured with the API process alone. The worker is started after the ${options.warmup} warm-up withdrawals, settles them (its cold start), and is held stopped (SIGSTOP) while creation is measured, after an ANALYZE and ${options.rewarm} re-warm withdrawals (reported apart, drained with the measured ones); the drain is timed from its resumption until every withdrawal created since is final and every webhook acknowledged. Each growth point runs on a fresh API process, after a measured warm-up of ${growthWarmup} withdrawals; the small point is measured again after the large one, on a copy of its database taken right after it.`,
  );
  if (options.mode === 'quick')
    results.notes.push(
      `--quick: the second growth point is ${countLabel(options.large)} stored withdrawals, not 1M.`,
    );
}

async function cleanUp() {
  for (const measured of processes) await measured.stop().catch(() => undefined);
  await receiver.stop().catch(() => undefined);
  if (!options.keep) await databases.dropAll();
}

process.once('SIGINT', () => {
  progress.note('interrupted: stopping the service and dropping the bench databases');
  cleanUp().finally(() => process.exit(130));
});

try {
  await main();
  await cleanUp();
  progress.finish();
  const { markdown } = writeReport(RESULTS, results);
  process.stdout.write(`\n${markdown}`);
} catch (error) {
  progress.note(`bench failed: ${error.stack ?? error}`);
  await cleanUp();
  process.exit(1);
}
