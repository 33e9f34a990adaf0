#!/usr/bin/env node
// npm run bench:profile [-- --count N] [--history N] [--plain] [--root <checkout>] [--out file.json]: a diagnostic, never a headline. The
// statements PostgreSQL runs per withdrawal, in the deployment shape (API and worker processes of `root`'s build,
// every default) on a bench server of its own with pg_stat_statements loaded, and what its backends waited on.
// `--root` runs another checkout's build with this one's harness, to compare two versions statement by statement.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { cpuMeter } from './lib/cpu.mjs';
import { waitForDrain } from './lib/drain.mjs';
import { createMerchant, EntityPool, withdrawalRequest } from './lib/fixtures.mjs';
import { seedHistoryUpTo, waitForAutovacuum, withdrawalInserts } from './lib/history.mjs';
import { requireAllOk, runLoad } from './lib/load.mjs';
import { SERVICE_NODE_FLAGS } from './lib/options.mjs';
import { startBenchPostgres } from './lib/postgres-server.mjs';
import { freePort, startProcess, waitForHttp, waitUntil } from './lib/processes.mjs';
import { STATEMENT_SETTINGS, statementProfile } from './lib/statement-profile.mjs';
import { WebhookReceiver } from './lib/webhook-receiver.mjs';

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const at = args.indexOf(`--${name}`);
  return at >= 0 ? args[at + 1] : fallback;
};
const root = option('root', fileURLToPath(new URL('../..', import.meta.url)));
const count = Number(option('count', '2000'));
const warmup = Number(option('warmup', '300'));
const out = option('out', null);
const history = Number(option('history', '0'));
const say = (message) => process.stderr.write(`[profile] ${message}\n`);

const plain = args.includes('--plain');
const postgres = await startBenchPostgres({ extra: plain ? {} : STATEMENT_SETTINGS });
const receiver = new WebhookReceiver();
const processes = [];
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
  const start = (role) => {
    const script = join(root, `packages/app/dist/bin/start-${role}.js`);
    const logFile = join(postgres.dataDir, '..', `${role}.log`);
    const started = startProcess(role, {
      script,
      cwd: root,
      nodeArgs: SERVICE_NODE_FLAGS[role],
      env,
      logFile,
    });
    processes.push(started);
    return started;
  };
  const api = start('api');
  await waitForHttp(api, `${baseUrl}/readyz`);
  const worker = start('worker');
  await waitUntil(worker, 'started', () => worker.log().includes('service started'));
  const { merchantId, webhookSecret } = await createMerchant(baseUrl, await receiver.start());
  receiver.trust(webhookSecret);
  const client = new pg.Client({ connectionString: serviceUrl });
  await client.connect();
  const entities = new EntityPool(baseUrl, merchantId);
  const withdraw = async (amount) => {
    const load = await runLoad({
      url: baseUrl,
      connections: 32,
      amount,
      request: () => withdrawalRequest(entities.take()),
    });
    requireAllOk('profile', load);
    const drained = await waitForDrain(client, {
      timeoutMs: 300_000,
      acknowledged: () => receiver.eventIds.size,
    });
    if (!drained.drained) throw new Error(`not settled: ${JSON.stringify(drained)}\n${worker.tail()}`);
    return load;
  };
  await entities.ensure((history > 0 ? 2 : 1) * warmup + count);
  say(`warm-up: ${warmup} withdrawals`);
  await withdraw(warmup);
  if (history > 0) {
    const before = await withdrawalInserts(client);
    const seeded = await seedHistoryUpTo(client, { merchantId, target: history });
    say(`${seeded} withdrawals of history loaded; waiting for autovacuum`);
    await waitForAutovacuum(client, before + seeded);
    await withdraw(warmup);
  }
  const profile = plain ? { stop: async () => ({}) } : await statementProfile(serviceUrl);
  const cpu = cpuMeter({ pids: { api: api.child.pid, worker: worker.child.pid }, postgresPid: postgres.pid });
  say(`measured: ${count} withdrawals`);
  const load = await withdraw(count);
  const used = cpu.stop(count);
  const report = {
    root,
    creation: { perSecond: load.throughput, p50Ms: load.latencyMs.p50 },
    cpuPerWithdrawalMs: used.perItemMs,
    ...(await profile.stop(count)),
  };
  await client.end();
  if (out) writeFileSync(out, `${JSON.stringify(report, null, 1)}\n`);
  const { statements, waits, tables, ...summary } = report;
  process.stdout.write(`${JSON.stringify(summary, null, 1)}\n`);
  for (const t of tables ?? [])
    process.stdout.write(
      `${t.table}: ${t.inserted} ins/w ${t.updated} upd/w (${t.hot_updated} HOT) ${t.deleted} del/w ${t.index_scans} index scans/w ${t.seq_scans} seq scans/w\n`,
    );
  for (const s of (statements ?? []).slice(0, 25))
    process.stdout.write(
      `${s.perItem.toFixed(3)}/w ${s.plansPerItem.toFixed(3)} plans/w ${s.msPerItem.toFixed(3)} ms/w  ${s.query.slice(0, 110)}\n`,
    );
} finally {
  for (const started of processes) started.child.kill('SIGTERM');
  await Promise.all(processes.map((started) => started.exited));
  await receiver.stop();
  await postgres.stop();
}
