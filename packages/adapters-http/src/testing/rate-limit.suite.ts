import { expect } from 'chai';
import type { ApiClient } from './api-client.js';

/** docs/product.md §5: 1 withdrawal request per minute per (entity, client IP), counted before validation. */
export function rateLimitSuite(api: () => ApiClient): void {
  describe('withdrawal rate limit', () => {
    it('answers a second request inside the minute with 429 and Retry-After, even an invalid one', async () => {
      const { entity, accountId } = await api().payer('bank');
      const first = await api().withdraw(entity, accountId, { amount: 1, walletType: 'SPEND' });
      expect(first.status).to.equal(200);
      const second = await api().withdraw(entity, accountId, { amount: -1 });
      expect(second.status).to.equal(429);
      expect(second.json).to.include({ success: false, fatal: true, code: 'RATE_LIMITED' });
      const retryAfter = Number(second.headers.get('retry-after'));
      expect(retryAfter).to.be.within(1, 60);
    });

    it('counts invalid requests too, and does not limit another entity from the same IP', async () => {
      const { merchant, entity, accountId } = await api().payer('bank');
      const invalid = await api().withdraw(entity, accountId, { walletType: 'SPEND' });
      expect(invalid.status).to.equal(400);
      const valid = await api().withdraw(entity, accountId, { amount: 1, walletType: 'SPEND' });
      expect(valid.status).to.equal(429);
      const neighbour = await api().payer('bank', '100.00', merchant);
      const other = await api().withdraw(neighbour.entity, neighbour.accountId, {
        amount: 1,
        walletType: 'SPEND',
      });
      expect(other.status).to.equal(200);
    });

    it('does not count unauthenticated requests (authentication comes first)', async () => {
      const { entity, accountId } = await api().payer('bank');
      const anonymous = await api().withdraw({ ...entity, token: '' }, accountId, {
        amount: 1,
        walletType: 'SPEND',
      });
      expect(anonymous.status).to.equal(401);
      const res = await api().withdraw(entity, accountId, { amount: 1, walletType: 'SPEND' });
      expect(res.status).to.equal(200);
    });
  });
}
