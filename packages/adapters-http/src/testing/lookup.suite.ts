import { expect } from 'chai';
import type { ApiClient } from './api-client.js';

/** Spec endpoint 7 and its error table, plus the transaction status lookup. */
export function lookupSuite(api: () => ApiClient): void {
  describe('webhook-payload lookup (spec endpoint 7)', () => {
    it('returns {success, data: {eventType, status, payload}} stamped with the time of the request', async () => {
      const { merchant, entity, accountId } = await api().payer('bank');
      const created = await api().withdraw(entity, accountId, { amount: 12.5, walletType: 'SPEND' });
      const id = created.json.data.id;
      const before = Date.now();
      const res = await api().request('GET', `/v1/transactions/${id}/webhook-payload`, {
        token: merchant.token,
      });
      expect(res.status).to.equal(200);
      expect(res.json.success).to.equal(true);
      expect(res.json.data).to.include.all.keys('eventType', 'status', 'payload');
      expect(res.json.data.eventType).to.equal('WITHDRAWAL');
      expect(['PENDING', 'PROCESSING_PAY_OUT', 'SUCCESS']).to.include(res.json.data.status);
      const payload = res.json.data.payload;
      expect(payload).to.include({
        transactionId: id,
        walletId: entity.walletId,
        entityId: entity.id,
        amount: 12.5,
      });
      expect(payload).to.include({ currency: 'USD', feeCharged: '0.25', reason: '', entry: 'DEBIT' });
      expect(payload.timestamp).to.be.within(before - 1000, Date.now() + 1000);
    });

    it("401 Unauthorized without a token, 404 'Transaction not found' for an unknown or another merchant's id", async () => {
      const { merchant, entity, accountId } = await api().payer('bank');
      const created = await api().withdraw(entity, accountId, { amount: 3, walletType: 'SPEND' });
      const id = created.json.data.id;
      const path = `/v1/transactions/${id}/webhook-payload`;
      const anonymous = await api().request('GET', path);
      expect([anonymous.status, anonymous.json.message]).to.deep.equal([401, 'Unauthorized']);
      const stranger = await api().merchant();
      for (const token of [stranger.token]) {
        const res = await api().request('GET', path, { token });
        expect([res.status, res.json.message]).to.deep.equal([404, 'Transaction not found']);
      }
      const unknown = await api().request(
        'GET',
        '/v1/transactions/3f1b2a6c-9d11-4b8e-9d0e-7b0c4a525f39/webhook-payload',
        {
          token: merchant.token,
        },
      );
      expect([unknown.status, unknown.json.message]).to.deep.equal([404, 'Transaction not found']);
      const notUuid = await api().request('GET', '/v1/transactions/42/webhook-payload', {
        token: merchant.token,
      });
      expect(notUuid.status).to.equal(404);
      const strangerStatus = await api().request('GET', `/v1/transactions/${id}`, { token: stranger.token });
      expect(strangerStatus.status).to.equal(404);
      const own = await api().request('GET', `/v1/transactions/${id}`, { token: merchant.token });
      expect(own.json.data).to.include({
        id,
        amount: '3.00',
        fees: '0.25',
        currency: 'USD',
        linkedAccountId: accountId,
      });
      expect(own.json.data.history[0]).to.include({ sequence: 1 });
    });
  });
}
