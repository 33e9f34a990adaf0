import { expect } from 'chai';
import type { ApiClient, SeededEntity } from './api-client.js';

const b64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** docs/product.md §2's token matrix, seen through the withdrawal and lookup endpoints. */
export function authSuite(api: () => ApiClient): void {
  describe('authentication matrix', () => {
    let entity: SeededEntity;
    let accountId: string;

    before(async () => {
      ({ entity, accountId } = await api().payer('bank'));
    });

    const claimsOf = (e: SeededEntity) => ({
      sub: `user-${e.id}`,
      scope: 'external.apis',
      merchant_id: e.merchantId,
      entity_id: e.id,
    });

    const cases: [string, () => Record<string, string>][] = [
      ['no Authorization header', () => ({})],
      ['a malformed header', () => ({ authorization: 'Token abc' })],
      ['an empty bearer', () => ({ authorization: 'Bearer ' })],
      [
        'a bad signature',
        () => {
          const token = api().harness.mintToken(claimsOf(entity));
          const [h, p, s] = token.split('.') as [string, string, string];
          const flipped = s[0] === 'A' ? `B${s.slice(1)}` : `A${s.slice(1)}`;
          return { authorization: `Bearer ${h}.${p}.${flipped}` };
        },
      ],
      [
        'alg none',
        () => {
          const valid = api().harness.mintToken(claimsOf(entity)).split('.')[1] as string;
          return { authorization: `Bearer ${b64url({ alg: 'none', typ: 'JWT' })}.${valid}.` };
        },
      ],
      [
        'an expired token',
        () => ({
          authorization: `Bearer ${api().harness.mintToken(claimsOf(entity), { expiresInSeconds: -60 })}`,
        }),
      ],
      [
        'a wrong audience',
        () => ({
          authorization: `Bearer ${api().harness.mintToken(claimsOf(entity), { audience: 'someone-else' })}`,
        }),
      ],
      [
        'a token without external.apis',
        () => ({
          authorization: `Bearer ${api().harness.mintToken({ ...claimsOf(entity), scope: 'merchant.apis' })}`,
        }),
      ],
    ];
    for (const [name, headers] of cases) {
      it(`withdrawal with ${name} is 401 "Unauthorized"`, async () => {
        const res = await api().request('POST', `/v1/ext/linked-accounts/USD/${accountId}/withdrawal`, {
          headers: headers(),
          body: { amount: 5, walletType: 'SPEND' },
        });
        expect(res.status).to.equal(401);
        expect(res.json).to.deep.equal({
          success: false,
          message: 'Unauthorized',
          fatal: true,
          code: 'UNAUTHORIZED',
        });
      });
    }

    it('an operator route refuses a merchant token with 401', async () => {
      const merchant = await api().merchant();
      const res = await api().request('POST', '/v1/operator/merchants', {
        token: merchant.token,
        body: { name: 'x' },
      });
      expect(res.status).to.equal(401);
    });
  });
}
