import { expect } from 'chai';
import type { ApiClient } from './api-client.js';

/** Failures the adapter answers itself, all in the spec's envelope. */
export function transportSuite(api: () => ApiClient): void {
  describe('transport errors, health and docs', () => {
    const createMerchant = (options: Parameters<ApiClient['request']>[2]) =>
      api().request('POST', '/v1/operator/merchants', { token: api().operatorToken(), ...options });

    it('400 for malformed JSON', async () => {
      const res = await createMerchant({
        rawBody: '{"name": ',
        headers: { 'content-type': 'application/json' },
      });
      expect(res.status).to.equal(400);
      expect(res.json).to.include({ success: false, fatal: true, code: 'MALFORMED_JSON' });
      expect(res.json.message).to.equal('Request body is not valid JSON');
    });

    it('400 naming the nesting for a body nested too deeply to read, within the size limit', async () => {
      const depth = 30_000;
      const res = await createMerchant({
        rawBody: `{"name": ${'['.repeat(depth)}${']'.repeat(depth)}}`,
        headers: { 'content-type': 'application/json' },
      });
      expect(res.status).to.equal(400);
      expect(res.json).to.include({ code: 'MALFORMED_JSON', message: 'Request body is nested too deeply' });
    });

    it('415 for a body that is not JSON', async () => {
      const res = await createMerchant({ rawBody: 'name=x', headers: { 'content-type': 'text/plain' } });
      expect(res.status).to.equal(415);
      expect(res.json).to.include({ success: false, fatal: true, code: 'UNSUPPORTED_MEDIA_TYPE' });
    });

    it('413 for a body over 64 KB', async () => {
      const res = await createMerchant({ body: { name: 'x', padding: 'a'.repeat(65 * 1024) } });
      expect(res.status).to.equal(413);
      expect(res.json).to.include({ success: false, fatal: true, code: 'PAYLOAD_TOO_LARGE' });
    });

    it('404 in the envelope for an unknown route, echoing the request id', async () => {
      const res = await api().request('GET', '/v1/nowhere', { headers: { 'x-request-id': 'suite-req-1' } });
      expect(res.status).to.equal(404);
      expect(res.json).to.include({ success: false, fatal: true });
      expect(res.headers.get('x-request-id')).to.equal('suite-req-1');
    });

    const APP_TOKEN = 'apptok_never_echoed_0123456789';
    const expectEnvelope = (res: Awaited<ReturnType<ApiClient['request']>>, status: number, code: string) => {
      expect(res.status).to.equal(status);
      expect(res.headers.get('content-type')).to.match(/^application\/json/);
      expect(res.json).to.have.all.keys('success', 'message', 'fatal', 'code');
      expect(res.json).to.include({ success: false, fatal: true, code });
      expect(JSON.stringify(res.json)).to.not.include(APP_TOKEN);
    };

    it('400 MALFORMED_PATH for a path parameter that is not valid percent-encoding', async () => {
      const { entity } = await api().payer('bank');
      for (const bad of ['%C3%28', '%', '%E0%A4%A', `${APP_TOKEN}%ZZ`]) {
        const withdrawal = await api().withdraw(entity, bad, { amount: 1, walletType: 'SPEND' });
        expectEnvelope(withdrawal, 400, 'MALFORMED_PATH');
        const link = await api().request(
          'POST',
          `/v1/ext/application-token/${bad}/linked-accounts/USD/link/bank/1`,
          {
            body: {},
          },
        );
        expectEnvelope(link, 400, 'MALFORMED_PATH');
        expectEnvelope(await api().request('GET', `/v1/transactions/${bad}`), 400, 'MALFORMED_PATH');
      }
    });

    it('404 in the envelope for an unknown link kind, never repeating the application token', async () => {
      for (const kind of ['BANK', '__proto__', 'constructor', 'toString', 'x'.repeat(300)]) {
        const res = await api().request(
          'POST',
          `/v1/ext/application-token/${APP_TOKEN}/linked-accounts/USD/link/${kind}/1`,
          { body: {} },
        );
        expectEnvelope(res, 404, 'ROUTE_NOT_FOUND');
      }
    });

    it('404 in the envelope for a known path with a method it does not answer', async () => {
      const paths: [string, string][] = [
        ['DELETE', '/v1/transactions/7b0c4a52-5f39-4b8e-9d0e-3f1b2a6c9d11'],
        ['GET', '/v1/ext/linked-accounts/USD/7b0c4a52-5f39-4b8e-9d0e-3f1b2a6c9d11/withdrawal'],
        ['PUT', `/v1/ext/application-token/${APP_TOKEN}/linked-accounts/USD/link/bank/1`],
        ['OPTIONS', '/v1/transactions/7b0c4a52-5f39-4b8e-9d0e-3f1b2a6c9d11'],
        ['POST', '/healthz'],
      ];
      for (const [method, path] of paths)
        expectEnvelope(await api().request(method, path), 404, 'ROUTE_NOT_FOUND');
    });

    it('sends nosniff and no-store on every API answer, the balance-bearing ones included', async () => {
      const merchant = await api().merchant();
      const credited = await api().request('POST', `/v1/operator/wallets/${merchant.walletId}/credits`, {
        token: api().operatorToken(),
        body: { amount: '5.00' },
      });
      expect(credited.status).to.equal(200);
      const answers = [
        credited,
        await api().request('GET', '/healthz'),
        await api().request('GET', '/v1/nowhere'),
        await api().request('GET', '/v1/transactions/7b0c4a52-5f39-4b8e-9d0e-3f1b2a6c9d11'),
        await api().request('GET', '/v1/transactions/%'),
        await api().request('GET', '/openapi.json'),
      ];
      for (const res of answers) {
        expect(res.headers.get('x-content-type-options'), String(res.status)).to.equal('nosniff');
        expect(res.headers.get('cache-control'), String(res.status)).to.equal('no-store');
      }
    });

    it('/docs cannot be framed, and its static files stay cacheable', async () => {
      const page = await api().request('GET', '/docs');
      expect(page.status).to.equal(200);
      expect(page.headers.get('x-frame-options')).to.equal('DENY');
      expect(page.headers.get('content-security-policy')).to.include("frame-ancestors 'none'");
      expect(page.headers.get('x-content-type-options')).to.equal('nosniff');
      const asset = await api().request('GET', '/docs/assets/swagger-ui.css');
      expect(asset.status).to.equal(200);
      expect(asset.headers.get('x-content-type-options')).to.equal('nosniff');
      expect(asset.headers.get('cache-control')).to.not.include('no-store');
    });

    it('/console is served from the package, scripts from this origin only, nothing inline, never cached', async () => {
      for (const path of ['/console', '/console/', '/console/console.js', '/console/api.js']) {
        const answer = await api().request('GET', path);
        expect(answer.status, path).to.equal(200);
        const csp = answer.headers.get('content-security-policy') ?? '';
        expect(csp, path).to.include("script-src 'self'").and.include("frame-ancestors 'none'");
        expect(csp, path).to.not.include('unsafe-inline');
        expect(answer.headers.get('cache-control'), path).to.equal('no-store');
      }
      expect((await api().request('GET', '/console/missing.js')).status).to.equal(404);
    });

    it('/healthz is 200 and /openapi.json lists the withdrawal path', async () => {
      expect((await api().request('GET', '/healthz')).status).to.equal(200);
      const doc = await api().request('GET', '/openapi.json');
      expect(doc.json.openapi).to.match(/^3\.1/);
      expect(doc.json.paths).to.have.property(
        '/v1/ext/linked-accounts/{currency}/{linkedAccountId}/withdrawal',
      );
    });
  });
}
