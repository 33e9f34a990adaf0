import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';
import { expect } from 'chai';
import type { ApiClient, ApiResponse } from './api-client.js';

const JSON_TYPE = { 'content-type': 'application/json' };

const expectRefused = (res: ApiResponse, status: number, code: string) => {
  expect(res.status, JSON.stringify(res.json)).to.equal(status);
  expect(res.json).to.include({ success: false, fatal: true, code });
};

/** Issue 28: a body is read exactly (money from its JSON literal) and every body that cannot be is a 4xx. */
export function bodySuite(api: () => ApiClient): void {
  describe('request bodies', () => {
    const raw = (method: string, path: string, rawBody: string | Uint8Array, headers = {}) =>
      api().request(method, path, {
        token: api().operatorToken(),
        rawBody,
        headers: { ...JSON_TYPE, ...headers },
      });
    const creditRaw = (walletId: string, json: string) =>
      raw('POST', `/v1/operator/wallets/${walletId}/credits`, json);

    it('refuses a withdrawal amount whose extra decimals a double would round away, debiting nothing', async () => {
      for (const amount of ['10.0000000000000001', '2.2500000000000000001']) {
        const { entity, accountId } = await api().payer('bank', '100.00');
        const res = await api().request('POST', `/v1/ext/linked-accounts/USD/${accountId}/withdrawal`, {
          token: entity.token,
          rawBody: `{"amount": ${amount}, "walletType": "SPEND"}`,
          headers: JSON_TYPE,
        });
        expectRefused(res, 400, 'VALIDATION_ERROR');
        expect(res.json.field).to.equal('amount');
        expect(await api().balance(entity.walletId)).to.equal('100.00');
      }
    });

    it('refuses a credit written as a number no double holds exactly, and books it exactly as a string', async () => {
      const merchant = await api().merchant();
      for (const amount of ['9007199254740993', '99999999999999999.99']) {
        const entity = await api().entity(merchant, '0');
        expectRefused(await creditRaw(entity.walletId, `{"amount": ${amount}}`), 400, 'VALIDATION_ERROR');
        expect(await api().balance(entity.walletId)).to.equal('0.00');
        const res = await creditRaw(entity.walletId, `{"amount": "${amount}"}`);
        expect(res.status, JSON.stringify(res.json)).to.equal(200);
        expect(res.json.data.balance).to.equal(amount.includes('.') ? amount : `${amount}.00`);
      }
    });

    it('refuses amounts and thresholds the numeric(20,2) columns cannot hold, changing nothing', async () => {
      const merchant = await api().merchant();
      const entity = await api().entity(merchant, '5.00');
      expectRefused(await creditRaw(entity.walletId, '{"amount": 1e308}'), 400, 'VALIDATION_ERROR');
      await api().credit(entity.walletId, '999999999999999990.00');
      expectRefused(await creditRaw(entity.walletId, '{"amount": 10}'), 400, 'VALIDATION_ERROR');
      expect(await api().balance(entity.walletId)).to.equal('999999999999999995.00');
      const threshold = (value: string) =>
        raw('PATCH', `/v1/operator/merchants/${merchant.id}`, `{"approvalThreshold": ${value}}`);
      expectRefused(await threshold('1e21'), 400, 'VALIDATION_ERROR');
      const exact = await threshold('9007199254740994');
      expect(exact.status, JSON.stringify(exact.json)).to.equal(200);
      expect(exact.json.data.approvalThreshold).to.equal('9007199254740994.00');
      const token = await raw(
        'POST',
        '/v1/operator/application-tokens',
        `{"entityId": "${entity.id}", "purpose": "PAYMENT_LINK", "amount": 1e21}`,
      );
      expectRefused(token, 400, 'VALIDATION_ERROR');
    });

    it('refuses NUL and lone surrogates in any string, so PostgreSQL never sees them', async () => {
      const merchant = await api().merchant();
      const entity = await api().entity(merchant, '5.00');
      const appToken = await api().applicationToken(entity.id);
      for (const bad of ['a\\u0000b', 'x\\ud800', '\\udc00y']) {
        expectRefused(
          await raw('POST', '/v1/operator/merchants', `{"name": "${bad}"}`),
          400,
          'VALIDATION_ERROR',
        );
        expectRefused(
          await creditRaw(entity.walletId, `{"amount": 1, "reason": "${bad}"}`),
          400,
          'VALIDATION_ERROR',
        );
        expectRefused(
          await raw(
            'PUT',
            `/v1/operator/merchants/${merchant.id}/webhook-endpoint`,
            `{"url": "https://a.example/${bad}"}`,
          ),
          400,
          'VALIDATION_ERROR',
        );
        const link = await api().request(
          'POST',
          `/v1/ext/application-token/${appToken}/linked-accounts/USD/link/zelle/1`,
          {
            token: entity.token,
            rawBody: `{"label": "${bad}", "data": {"username": "u"}}`,
            headers: JSON_TYPE,
          },
        );
        expectRefused(link, 400, 'VALIDATION_ERROR');
      }
      expect(await api().balance(entity.walletId)).to.equal('5.00');
    });

    it('reads gzip, deflate and br bodies; a corrupt one is 400, an unknown encoding 415', async () => {
      const body = Buffer.from('{"name": "Compressed merchant"}');
      const encoded: [string, Uint8Array][] = [
        ['gzip', gzipSync(body)],
        ['deflate', deflateSync(body)],
        ['br', brotliCompressSync(body)],
      ];
      for (const [encoding, bytes] of encoded) {
        const ok = await raw('POST', '/v1/operator/merchants', bytes, { 'content-encoding': encoding });
        expect(ok.status, encoding).to.equal(201);
        const corrupt = Buffer.from(bytes);
        corrupt.fill(0x55, 2, 8);
        const bad = await raw('POST', '/v1/operator/merchants', corrupt, { 'content-encoding': encoding });
        expectRefused(bad, 400, 'MALFORMED_BODY');
        const truncated = bytes.subarray(0, bytes.length - 4);
        expectRefused(
          await raw('POST', '/v1/operator/merchants', truncated, { 'content-encoding': encoding }),
          400,
          'MALFORMED_BODY',
        );
      }
      expectRefused(
        await raw('POST', '/v1/operator/merchants', body, { 'content-encoding': 'compress' }),
        415,
        'UNSUPPORTED_MEDIA_TYPE',
      );
    });

    it('refuses a body that is not UTF-8 (400) or declares another charset (415)', async () => {
      const invalid = Buffer.concat([Buffer.from('{"name": "caf'), Buffer.from([0xe9]), Buffer.from('"}')]);
      expectRefused(await raw('POST', '/v1/operator/merchants', invalid), 400, 'MALFORMED_BODY');
      expectRefused(
        await raw('POST', '/v1/operator/merchants', Buffer.from([0xc0, 0xaf, 0x7b, 0x7d])),
        400,
        'MALFORMED_BODY',
      );
      const utf16 = Buffer.from('{"name": "x"}', 'utf16le');
      expectRefused(
        await raw('POST', '/v1/operator/merchants', utf16, {
          'content-type': 'application/json; charset=utf-16le',
        }),
        415,
        'UNSUPPORTED_MEDIA_TYPE',
      );
    });
  });
}
