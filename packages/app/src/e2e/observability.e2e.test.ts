import { type ScratchDatabase, scratchDatabase } from '@payout/adapters-persistence/testing';
import { expect } from 'chai';
import { eventually } from './support/eventually.js';
import { type Sample, scrape, total } from './support/metrics.scrape.js';
import { PayoutApiClient } from './support/payout-api.client.js';
import { createSandbox, type Sandbox } from './support/sandbox.fixture.js';
import { ServiceProcess } from './support/service.process.js';
import { VerifyingWebhookReceiver } from './support/verifying-webhook.receiver.js';

const ENV = { RAIL_DELAYS_MS: 'ACH=100,RTP=100,ZELLE=100', RAIL_TIMEOUT_MS: '500' };
const WITHDRAWAL_ROUTE = '/v1/ext/linked-accounts/:currency/:linkedAccountId/withdrawal';
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;

describe('e2e: metrics and probes of an API and a worker apart', function () {
  this.timeout(90_000);
  let database: ScratchDatabase;
  let receiver: VerifyingWebhookReceiver;
  let apiProcess: ServiceProcess;
  let worker: ServiceProcess;
  let sandbox: Sandbox;
  let initial: { api: Sample[]; worker: Sample[] };
  let apiAfter: Sample[];
  let workerAfter: Sample[];

  before(async () => {
    database = await scratchDatabase('e2e_observability');
    receiver = await VerifyingWebhookReceiver.start();
    apiProcess = await ServiceProcess.start('start-api', database.url, ENV);
    worker = await ServiceProcess.start('start-worker', database.url, ENV);
    sandbox = await createSandbox(apiProcess.url, receiver.url, 1, '1000.00');
    receiver.useSecret(sandbox.webhook.secret);
    initial = { api: await scrape(apiProcess.url), worker: await scrape(worker.opsUrl) };
    const api = new PayoutApiClient(apiProcess.url);
    const entity = sandbox.entities[0]!;
    const answers = [];
    // Two that settle and one the rail rejects at submission (.91: HTTP 500, FAILED).
    for (const amount of [10, 11, 12.91])
      answers.push(
        await api.withdraw(entity.accessToken, entity.linkedAccounts.bank, { amount, walletType: 'SPEND' }),
      );
    expect(answers.map((a) => a.status)).to.deep.equal([200, 200, 500]);
    workerAfter = await eventually(
      'the worker settling both payouts and delivering their webhooks',
      async () => {
        const samples = await scrape(worker.opsUrl);
        const settled = total(samples, 'payout_withdrawals_finished_total', { status: 'SUCCESS' });
        const delivered = total(samples, 'payout_webhook_deliveries_total', { outcome: 'success' });
        return settled >= 2 && delivered >= 4 ? samples : undefined;
      },
      30_000,
      () => `Worker output:\n${worker.logTail()}`,
    );
    apiAfter = await scrape(apiProcess.url);
  });

  after(async () => {
    await Promise.all([worker?.stop(), apiProcess?.stop()]);
    await receiver?.close();
    await database?.drop();
  });

  it('counts the API’s requests by route pattern and status, with no id in any label', () => {
    const posts = (samples: Sample[], status: string) =>
      total(samples, 'payout_http_requests_total', { method: 'POST', route: WITHDRAWAL_ROUTE, status });
    expect(posts(apiAfter, '200') - posts(initial.api, '200')).to.equal(2);
    expect(posts(apiAfter, '500') - posts(initial.api, '500')).to.equal(1);
    expect(
      total(apiAfter, 'payout_http_request_duration_seconds_count', { route: WITHDRAWAL_ROUTE }),
    ).to.be.at.least(3);
    const routes = apiAfter.filter((s) => s.name === 'payout_http_requests_total').map((s) => s.labels.route);
    expect(routes.filter((route) => UUID.test(route ?? ''))).to.deep.equal([]);
  });

  it('counts withdrawals created on the API and finished on both, by rail and status', () => {
    expect(total(apiAfter, 'payout_withdrawals_created_total', { rail: 'ACH', status: 'PENDING' })).to.equal(
      3,
    );
    // The rejection at submission is recorded by the request that made it.
    expect(total(apiAfter, 'payout_withdrawals_finished_total', { rail: 'ACH', status: 'FAILED' })).to.equal(
      1,
    );
    expect(
      total(workerAfter, 'payout_withdrawals_finished_total', { rail: 'ACH', status: 'SUCCESS' }),
    ).to.equal(2);
  });

  it('counts rail calls by provider, rail, operation and outcome, and logs the rejection', () => {
    const calls = (samples: Sample[], labels: Record<string, string>) =>
      total(samples, 'payout_rail_calls_total', { provider: 'simulated', rail: 'ACH', ...labels });
    expect(calls(apiAfter, { operation: 'submit', outcome: 'accepted' })).to.equal(2);
    expect(calls(apiAfter, { operation: 'submit', outcome: 'rejected' })).to.equal(1);
    expect(calls(workerAfter, { operation: 'status' })).to.be.at.least(2);
    expect(
      total(workerAfter, 'payout_rail_call_duration_seconds_count', { operation: 'status' }),
    ).to.be.at.least(2);
    const rejected = apiProcess
      .logTail()
      .split('\n')
      .filter((line) => line.includes('rail rejected the payout'));
    expect(rejected).to.have.length(1);
    expect(JSON.parse(rejected[0]!)).to.include({ level: 'warn', rail: 'ACH', provider: 'simulated' });
  });

  it('times webhook deliveries and reports the pool and the due work on the worker', () => {
    expect(
      total(workerAfter, 'payout_webhook_delivery_duration_seconds_count', { outcome: 'success' }),
    ).to.be.at.least(4);
    const names = new Set(workerAfter.map((s) => s.name));
    for (const name of [
      'payout_work_due',
      'payout_work_due_oldest_age_seconds',
      'payout_db_pool_connections',
      // Not checked yet in this run (LEDGER_VERIFICATION_CRON's default is 03:30 UTC): 0 and never.
      'payout_ledger_problems',
      'payout_ledger_verified_timestamp_seconds',
    ])
      expect(names.has(name), name).to.equal(true);
    expect(
      workerAfter
        .filter((s) => s.name === 'payout_work_due')
        .map((s) => s.labels.queue)
        .sort(),
    ).to.deep.equal(['webhook_deliveries', 'withdrawals']);
    expect(
      workerAfter
        .filter((s) => s.name === 'payout_db_pool_connections')
        .map((s) => s.labels.state)
        .sort(),
    ).to.deep.equal(['free', 'used', 'waiting']);
    expect(total(apiAfter, 'payout_rate_limiter_fallbacks_total')).to.equal(0);
  });

  it('reads unresolved submissions at the scrape where workers run, not on an API', async () => {
    // None is unresolved here, so the gauge has no sample: only its declaration shows where it is read.
    const declared = async (url: string) =>
      (await (await fetch(`${url}/metrics`)).text()).includes('# TYPE payout_submissions_unresolved gauge');
    expect(await declared(worker.opsUrl)).to.equal(true);
    expect(await declared(apiProcess.url)).to.equal(false);
  });

  it('answers probes on the worker’s own port: healthy, and ready with PostgreSQL and the job queue up', async () => {
    expect((await fetch(`${worker.opsUrl}/healthz`)).status).to.equal(200);
    const ready = await fetch(`${worker.opsUrl}/readyz`);
    expect(ready.status).to.equal(200);
    expect(await ready.json()).to.deep.include({ status: 'ready' });
  });

  it('runs a worker without Redis: with REDIS_URL unreachable it is ready, and stops cleanly', async () => {
    const unreachable = await ServiceProcess.start('start-worker', database.url, {
      ...ENV,
      REDIS_URL: 'redis://127.0.0.1:1',
    });
    try {
      const ready = await fetch(`${unreachable.opsUrl}/readyz`);
      expect(ready.status).to.equal(200);
      const body = (await ready.json()) as { status: string; checks: Record<string, { ok: boolean }> };
      expect(body.status).to.equal('ready');
      expect(body.checks).to.not.have.property('redis');
      expect(body.checks.postgres?.ok).to.equal(true);
    } finally {
      expect(await unreachable.stop()).to.equal(0);
    }
  });
});
