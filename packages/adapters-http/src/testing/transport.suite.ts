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
