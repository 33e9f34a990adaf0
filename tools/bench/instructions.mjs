#!/usr/bin/env node
// npm run bench:instructions [-- --count N] [--lookups N] [--root <checkout>] [--out file.json]: a diagnostic,
// never a headline. The instructions the API and the worker execute per withdrawal and per lookup, counted by
// valgrind's callgrind, in the deployment shape (both processes of `root`'s build, every default, data made through
// the API). Counts do not depend on what else the machine runs, so two versions compare on a noisy machine where
// their rates do not; `--root` runs another checkout's build with this harness.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { CallgrindCounter } from './lib/callgrind.mjs';
import { waitForDrain } from './lib/drain.mjs';
import { createMerchant, EntityPool, merchantToken, withdrawalRequest } from './lib/fixtures.mjs';
import { requireAllOk, runLoad } from './lib/load.mjs';
import { SERVICE_NODE_FLAGS } from './lib/options.mjs';
import { startBenchPostgres } from './lib/postgres-server.mjs';
import { freePort, startProcess, waitUntil } from './lib/processes.mjs';
import { WebhookReceiver } from './lib/webhook-receiver.mjs';

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const at = args.indexOf(`--${name}`);
  return at >= 0 ? args[at + 1] : fallback;
};
const root = option('root', fileURLToPath(new URL('../..', import.meta.url)));
const count = Number(option('count', '300'));
const warmup = Number(option('warmup', '200'));
const lookups = Number(option('lookups', '3000'));
const out = option('out', null);
/** Few enough that valgrind, which runs one thread at a time, is not a queue of timeouts. */
const CONNECTIONS = 8;
/** Under valgrind a process starts many times slower than alone. */
const START_TIMEOUT_MS = 600_000;
const say = (message) => process.stderr.write(`[instructions] ${message}\n`);

const postgres = await startBenchPostgres();
const receiver = new WebhookReceiver();
const dumps = join(postgres.dataDir, '..');
const processes = {};
const counted = { api: new CallgrindCounter('api', dumps), worker: new CallgrindCounter('worker', dumps) };
try {
  const serviceUrl = await postgres.createDatabase('payout');
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const env = {
    DATABASE_URL: serviceUrl,
    REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
    PORT: String(port),
    WORKER_PORT: String(await freePort()),
  };
  for (const c of Object.values(counted)) {
    processes[c.role] = startProcess(c.role, {
      script: join(root, `packages/app/dist/bin/start-${c.role}.js`),
      cwd: root,
      nodeArgs: SERVICE_NODE_FLAGS[c.role],
      env,
      logFile: join(c.dir, `${c.role}.log`),
      wrapper: c.wrapper,
    });
    c.pid = processes[c.role].child.pid;
  }
  const { api, worker } = counted;
  const ready = () =>
    fetch(`${baseUrl}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
  await waitUntil(processes.api, 'ready', ready, START_TIMEOUT_MS);
  const started = () => processes.worker.log().includes('service started');
  await waitUntil(processes.worker, 'started', started, START_TIMEOUT_MS);
  const { merchantId, webhookSecret } = await createMerchant(baseUrl, await receiver.start());
  receiver.trust(webhookSecret);
  const client = new pg.Client({ connectionString: serviceUrl });
  await client.connect();
  const entities = new EntityPool(baseUrl, merchantId);
  const created = [];
  const withdraw = async (amount) => {
    const load = await runLoad({
      url: baseUrl,
      connections: CONNECTIONS,
      amount,
      request: () => withdrawalRequest(entities.take()),
      onBody: (status, body) => status === 200 && created.push(JSON.parse(body).data.id),
    });
    requireAllOk('withdrawals', load);
    const drained = await waitForDrain(client, {
      timeoutMs: 900_000,
      acknowledged: () => receiver.eventIds.size,
    });
    if (!drained.drained)
      throw new Error(`not settled: ${JSON.stringify(drained)}\n${processes.worker.tail()}`);
  };
  const token = merchantToken(merchantId);
  let next = 0;
  const lookup = (amount) =>
    runLoad({
      url: baseUrl,
      connections: CONNECTIONS,
      amount,
      request: () => ({
        method: 'GET',
        path: `/v1/transactions/${created[next++ % created.length]}/webhook-payload`,
        headers: { authorization: `Bearer ${token}` },
      }),
    }).then((load) => requireAllOk('lookups', load));

  say(`entities for ${warmup + count} withdrawals`);
  await entities.ensure(warmup + count, CONNECTIONS);
  say(`warm-up: ${warmup} withdrawals, ${lookups} lookups`);
  await withdraw(warmup);
  await lookup(lookups);

  say(`measured: ${count} withdrawals, created and settled`);
  api.zero();
  worker.zero();
  await withdraw(count);
  const perWithdrawal = { api: api.total() / count, worker: worker.total() / count };
  say(`measured: ${lookups} lookups`);
  api.zero();
  await lookup(lookups);
  const perLookup = { api: api.total() / lookups };
  await client.end();
  const millions = (n) => Math.round(n / 1e3) / 1e3;
  const report = {
    root,
    withdrawals: count,
    lookups,
    connections: CONNECTIONS,
    millionInstructionsPerWithdrawal: {
      api: millions(perWithdrawal.api),
      worker: millions(perWithdrawal.worker),
    },
    millionInstructionsPerLookup: { api: millions(perLookup.api) },
  };
  if (out) writeFileSync(out, `${JSON.stringify(report, null, 1)}\n`);
  process.stdout.write(`${JSON.stringify(report, null, 1)}\n`);
} finally {
  for (const started of Object.values(processes)) started.child.kill('SIGTERM');
  await Promise.all(Object.values(processes).map((started) => started.exited));
  await receiver.stop();
  await postgres.stop();
}
