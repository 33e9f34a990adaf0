import { expect } from 'chai';
import { PayoutMetrics } from '../ops/payout-metrics.js';
import { inMemoryHttpDeps, mintHarnessToken, startHttpApp } from '../testing/in-memory-http.harness.js';

const MERCHANT = '00000000-0000-4000-8000-00000000000a';
const TRANSACTION = '7b0c4a52-5f39-4b8e-9d0e-3f1b2a6c9d11';
const APP_TOKEN = 'apptok-secret-0123456789';
const merchantToken = mintHarnessToken({ sub: 'm', scope: 'merchant.apis', merchant_id: MERCHANT });

/** The `payout_http_requests_total` samples of an exposition: their labels and values. */
function requestCounts(exposition: string): { labels: string; value: number }[] {
  return exposition
    .split('\n')
    .filter((line) => line.startsWith('payout_http_requests_total{'))
    .map((line) => {
      const [labels, value] = line.slice('payout_http_requests_total'.length).split(' ');
      return { labels: labels as string, value: Number(value) };
    });
}

describe('HTTP metrics', () => {
  it('counts requests by route pattern and status; no id or application token becomes a label', async () => {
    const metrics = new PayoutMetrics();
    const app = await startHttpApp({ ...inMemoryHttpDeps(), metrics });
    try {
      const auth = { authorization: `Bearer ${merchantToken}` };
      for (let i = 0; i < 2; i += 1)
        await fetch(`${app.baseUrl}/v1/transactions/${TRANSACTION}`, { headers: auth });
      await fetch(`${app.baseUrl}/v1/ext/application-token/${APP_TOKEN}/linked-accounts/USD/link/paypal/1`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      });
      await fetch(`${app.baseUrl}/no/such/${TRANSACTION}`);
      const scrape = await fetch(`${app.baseUrl}/metrics`);
      expect(scrape.status).to.equal(200);
      expect(scrape.headers.get('content-type')).to.match(/^text\/plain/);
      expect([
        scrape.headers.get('cache-control'),
        scrape.headers.get('x-content-type-options'),
      ]).to.deep.equal(['no-store', 'nosniff']);
      const text = await scrape.text();
      expect(text).not.to.contain(TRANSACTION);
      expect(text).not.to.contain(APP_TOKEN);
      const counts = requestCounts(text);
      expect(counts).to.deep.include({
        labels: '{method="GET",route="/v1/transactions/:transactionId",status="404"}',
        value: 2,
      });
      expect(counts.map((c) => c.labels)).to.include('{method="GET",route="unmatched",status="404"}');
      expect(counts.some((c) => c.labels.includes('route="/v1/ext/application-token/:token/'))).to.equal(
        true,
      );
      expect(text).to.match(
        /payout_http_request_duration_seconds_bucket\{le="0.005",method="GET",route="\/v1\/transactions\/:transactionId",status="404"\} \d/,
      );
      for (const name of [
        'payout_withdrawals_created_total',
        'payout_rail_calls_total',
        'payout_process_cpu_seconds_total',
      ])
        expect(text, name).to.contain(`# TYPE ${name}`);
    } finally {
      await app.close();
    }
  });

  it('serves no /metrics without metrics', async () => {
    const app = await startHttpApp(inMemoryHttpDeps());
    try {
      expect((await fetch(`${app.baseUrl}/metrics`)).status).to.equal(404);
    } finally {
      await app.close();
    }
  });
});
