import { expect } from 'chai';
import { inMemoryHttpDeps, startHttpApp } from '../testing/in-memory-http.harness.js';
import { rawHttpRequest } from '../testing/raw-http.client.js';

const HOST: [string, string] = ['Host', 'client-errors.test'];

describe('answerClientErrors', () => {
  let app: Awaited<ReturnType<typeof startHttpApp>>;
  let port: number;

  before(async () => {
    app = await startHttpApp(inMemoryHttpDeps());
    port = Number(new URL(app.baseUrl).port);
  });

  after(async () => {
    await app.close();
  });

  const expectEnvelope = (res: Awaited<ReturnType<typeof rawHttpRequest>>, status: number, code: string) => {
    expect(res?.status).to.equal(status);
    expect(res?.headers['content-type']).to.match(/^application\/json/);
    expect(res?.headers['x-content-type-options']).to.equal('nosniff');
    expect(res?.headers).to.include({ 'x-frame-options': 'DENY', 'cache-control': 'no-store' });
    expect(res?.headers['content-security-policy']).to.include("default-src 'none'");
    expect(JSON.parse(res?.body ?? 'null')).to.deep.include({ success: false, fatal: true, code });
  };

  it('answers an Expect header other than 100-continue with 417 in the envelope', async () => {
    const res = await rawHttpRequest(port, {
      method: 'GET',
      target: '/healthz',
      headers: [HOST, ['Expect', 'something-else']],
    });
    expectEnvelope(res, 417, 'MALFORMED_HTTP');
  });

  it('answers a body that ends before its Content-Length with 400 in the envelope', async () => {
    const res = await rawHttpRequest(port, {
      method: 'POST',
      // No token needed here, so the app waits for the body rather than answering 401 first.
      target: '/v1/ext/application-token/t/linked-accounts/USD/link/paypal/1',
      headers: [HOST, ['Content-Type', 'application/json'], ['Content-Length', '40']],
      body: Buffer.from('{}'),
      endAfterWrite: true,
    });
    expectEnvelope(res, 400, 'MALFORMED_HTTP');
  });

  it('answers a request line that is not HTTP with 400 in the envelope', async () => {
    expectEnvelope(
      await rawHttpRequest(port, { method: 'GET', target: '/a b c', headers: [HOST] }),
      400,
      'MALFORMED_HTTP',
    );
  });

  it('answers a header section over the limit with 431 in the envelope', async () => {
    const res = await rawHttpRequest(port, {
      method: 'GET',
      target: '/healthz',
      headers: [HOST, ['X-Padding', 'x'.repeat(20_000)]],
    });
    expectEnvelope(res, 431, 'HEADERS_TOO_LARGE');
  });
});
