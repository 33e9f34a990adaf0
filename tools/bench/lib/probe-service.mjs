// What the probes (creation-probe.mjs, drain-probe.mjs, lookup-probe.mjs) share: a fresh database, the API on it,
// the bench's template merchant with its webhook endpoint on a local receiver, one funded entity per withdrawal
// (cloned in SQL), and a load of withdrawals at a given number of connections. Needs a build, PostgreSQL and Redis,
// as the bench does.
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { BenchDatabases } from './databases.mjs';
import { runLoad } from './load.mjs';
import { createTemplate } from './operator-api.mjs';
import { freePort, startProcess, waitForHttp } from './processes.mjs';
import { cloneEntities } from './seed-entities.mjs';
import { WebhookReceiver } from './webhook-receiver.mjs';

export const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
export const ENTRY = {
  api: fileURLToPath(new URL('../../../packages/app/dist/bin/start-api.js', import.meta.url)),
  worker: fileURLToPath(new URL('../../../packages/app/dist/bin/start-worker.js', import.meta.url)),
};
export const SAMPLER = fileURLToPath(new URL('../heap-sampler.mjs', import.meta.url));
const BODY = JSON.stringify({ amount: 25, walletType: 'SPEND' });

export const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

export class ProbeService {
  constructor({ prefix, connections }) {
    this.adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
    this.redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
    this.databases = new BenchDatabases(this.adminUrl, `${prefix}_${process.pid}`);
    this.receiver = new WebhookReceiver();
    this.connections = connections;
    this.processes = [];
    this.client = null;
    this.entities = [];
    this.next = 0;
  }

  /** The service's environment for a role's process, with `extra` on top (quiet logs, this database). */
  env(extra = {}) {
    return {
      DATABASE_URL: this.db.url,
      REDIS_URL: this.redisUrl,
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      ...extra,
    };
  }

  start(role, { nodeArgs, env }) {
    const started = startProcess(`service (${role})`, {
      script: ENTRY[role],
      cwd: ROOT,
      nodeArgs,
      env: this.env(env),
    });
    this.processes.push(started);
    return started;
  }

  /** A fresh database, the API on it, and `count` entities ready to withdraw. */
  async begin({ apiNodeArgs, apiEnv = {}, count }) {
    this.db = await this.databases.create('service');
    const port = await freePort();
    this.baseUrl = `http://127.0.0.1:${port}`;
    this.api = this.start('api', { nodeArgs: apiNodeArgs, env: { ...apiEnv, PORT: String(port) } });
    await waitForHttp(this.api, `${this.baseUrl}/readyz`);
    this.template = await createTemplate(this.baseUrl, {
      webhookUrl: await this.receiver.start(),
      funds: '1000.00',
    });
    this.client = new pg.Client({ connectionString: this.db.url });
    await this.client.connect();
    this.entities = await cloneEntities(this.client, this.template, count);
    return this;
  }

  /** `amount` withdrawals, each by the next entity, at the probe's connections (`onBody` as runLoad's). */
  load(amount, onLatency, onBody) {
    return runLoad({
      url: this.baseUrl,
      connections: this.connections,
      amount,
      onLatency,
      onBody,
      request: () => {
        const entity = this.entities[this.next++];
        return {
          method: 'POST',
          path: `/v1/ext/linked-accounts/USD/${entity.linkedAccountId}/withdrawal`,
          headers: { 'content-type': 'application/json', authorization: `Bearer ${entity.token}` },
          body: BODY,
        };
      },
    });
  }

  /** Stops what the probe started and drops its database, or with `keep` says where it is. */
  async close({ keep = false } = {}) {
    for (const started of this.processes) await started.stop().catch(() => undefined);
    await this.client?.end().catch(() => undefined);
    await this.receiver.stop().catch(() => undefined);
    if (!keep) await this.databases.dropAll();
    else if (this.db) process.stdout.write(`database kept: ${this.db.url}\n`);
  }
}
