import { expect } from 'chai';
import type { ApiClient, SeededEntity } from './api-client.js';

const shout = (id: string) => id.toUpperCase();

/** Issue 28: an id in another letter case is the same id, for the rate limit, four eyes and every lookup. */
export function canonicalIdsSuite(api: () => ApiClient): void {
  describe('ids in any letter case', () => {
    const tokenFor = (entity: SeededEntity, claims: { sub?: string; upper?: boolean } = {}) => {
      const spell = claims.upper ? shout : (id: string) => id;
      return api().harness.mintToken({
        sub: claims.sub ?? `user-${entity.id}`,
        scope: 'external.apis',
        merchant_id: spell(entity.merchantId),
        entity_id: spell(entity.id),
      });
    };

    it('a token naming the entity in upper case shares its one withdrawal a minute', async () => {
      const { entity, accountId } = await api().payer('bank');
      const first = await api().withdraw(entity, accountId, { amount: 1, walletType: 'SPEND' });
      expect(first.status).to.equal(200);
      const body = { amount: 1, walletType: 'SPEND' };
      const second = await api().withdraw(
        entity,
        shout(accountId),
        body,
        'USD',
        tokenFor(entity, { upper: true }),
      );
      expect([second.status, second.json.code]).to.deep.equal([429, 'RATE_LIMITED']);
    });

    it('an operator whose sub is the requester in upper case, braced or padded cannot approve its own withdrawal', async () => {
      const merchant = await api().merchant({ approvalThreshold: '100.00' });
      const { entity, accountId } = await api().payer('bank', '1000.00', merchant);
      const requester = tokenFor(entity, { sub: entity.id });
      const held = await api().withdraw(
        entity,
        accountId,
        { amount: 150, walletType: 'SPEND' },
        'USD',
        requester,
      );
      expect(held.json.data?.status).to.equal('AWAITING_APPROVAL');
      const path = `/v1/operator/withdrawals/${shout(held.json.data.id)}/approve`;
      const self = await api().request('POST', path, { token: api().operatorToken(shout(entity.id)) });
      expect([self.status, self.json.code]).to.deep.equal([409, 'APPROVER_IS_REQUESTER']);
      for (const spelt of [`{${entity.id}}`, ` ${entity.id}`, `${entity.id}\t`, `${shout(entity.id)}\n`]) {
        const refused = await api().request('POST', path, { token: api().operatorToken(spelt) });
        expect([refused.status, refused.json.code], JSON.stringify(spelt)).to.deep.equal([
          401,
          'UNAUTHORIZED',
        ]);
      }
      const other = await api().request('POST', path, { token: api().operatorToken('another-operator') });
      expect(other.status, 'the id in the path in upper case is the same withdrawal').to.equal(200);
      expect(other.json.data.id).to.equal(held.json.data.id);
    });

    it('looks a transaction up by its id in upper case, for a merchant_id in upper case', async () => {
      const { merchant, entity, accountId } = await api().payer('bank');
      const created = await api().withdraw(entity, accountId, { amount: 2, walletType: 'SPEND' });
      const token = api().harness.mintToken({
        sub: `merchant-${merchant.id}`,
        scope: 'merchant.apis',
        merchant_id: shout(merchant.id),
      });
      const res = await api().request('GET', `/v1/transactions/${shout(created.json.data.id)}`, { token });
      expect(res.status).to.equal(200);
      expect(res.json.data.id).to.equal(created.json.data.id);
    });

    it('finds a withdrawal named in upper case by the webhook-payload lookup and the lists’ transactionId', async () => {
      // An id of digits alone has no letter case: withdraw until one has letters (sequential ids in memory).
      const withdrawal = async () => {
        const payer = await api().payer('bank');
        const created = await api().withdraw(payer.entity, payer.accountId, {
          amount: 2,
          walletType: 'SPEND',
        });
        return { ...payer, id: created.json.data.id as string };
      };
      let found = await withdrawal();
      for (let tries = 0; !/[a-f]/.test(found.id) && tries < 8; tries += 1) found = await withdrawal();
      const { merchant, entity, id } = found;
      expect(shout(id)).to.not.equal(id);
      const read = (path: string, token = merchant.token) => api().request('GET', path, { token });
      const payload = await read(`/v1/transactions/${shout(id)}/webhook-payload`);
      expect([payload.status, payload.json.data?.payload?.transactionId]).to.deep.equal([200, id]);
      const postings = await read(`/v1/wallets/${entity.walletId}/ledger-entries?transactionId=${shout(id)}`);
      expect(postings.json.data.map((p: { transactionId: string }) => p.transactionId)).to.deep.equal([id]);
      const deliveries = await read(`/v1/webhook-deliveries?transactionId=${shout(id)}`);
      expect(deliveries.json.data.length, JSON.stringify(deliveries.json)).to.be.above(0);
      const operator = await read(
        `/v1/operator/webhook-deliveries?transactionId=${shout(id)}&merchantId=${shout(merchant.id)}`,
        api().operatorToken(),
      );
      expect(operator.json.data.length, JSON.stringify(operator.json)).to.be.above(0);
    });

    it('refuses a token whose entity_id is not a UUID with 401', async () => {
      const { entity, accountId } = await api().payer('bank');
      const token = api().harness.mintToken({
        sub: 'x',
        scope: 'external.apis',
        merchant_id: entity.merchantId,
        entity_id: `${entity.id}-x`,
      });
      const res = await api().withdraw(entity, accountId, { amount: 1, walletType: 'SPEND' }, 'USD', token);
      expect([res.status, res.json.code]).to.deep.equal([401, 'UNAUTHORIZED']);
    });
  });
}
