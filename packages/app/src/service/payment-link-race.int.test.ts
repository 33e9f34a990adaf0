import type { UnitOfWork } from '@payout/domain';
import { expect } from 'chai';
import { TOKENS } from '../container/tokens.js';
import { type ApiServiceFixture, startApiService } from './api-service.fixture.js';

const ROUNDS = 5;

/**
 * Two withdrawals on one merchant-funded payment link at the same moment, on PostgreSQL: the debit locks the
 * link's token with the wallet, so exactly one pays and the other is refused, whatever the interleaving.
 */
describe('Concurrent withdrawals on one payment link (PostgreSQL)', function () {
  this.timeout(60_000);
  let fixture: ApiServiceFixture;
  let store: UnitOfWork;

  before(async () => {
    // Both withdrawals come from one entity and one address: the limiter must let both reach the debit.
    fixture = await startApiService('link_race', { WITHDRAWAL_RATE_LIMIT_PER_MINUTE: '1000' });
    store = await fixture.service.container.getAsync(TOKENS.unitOfWork);
  });

  after(async () => {
    await fixture?.stop();
  });

  it('pays once; the other withdrawal gets 400 "Token expired or inactive"', async () => {
    const merchant = await fixture.api.merchant();
    await fixture.api.credit(merchant.walletId, '1000.00');
    const entity = await fixture.api.entity(merchant, '0');
    const body = { amount: 25, walletType: 'SPEND', transactionType: 'payout' };
    for (let round = 0; round < ROUNDS; round++) {
      const { appToken, accountId } = await fixture.api.paymentLink(entity, '25.00');
      const accounts = [accountId, await fixture.api.link(entity, 'bank', appToken)];
      const answers = await Promise.all(
        accounts.map((account) => fixture.api.withdraw(entity, account, body)),
      );
      const statuses = answers.map((a) => a.status).sort();
      expect(statuses, `round ${round}`).to.deep.equal([200, 400]);
      const refused = answers.find((a) => a.status === 400);
      expect(refused?.json).to.include({
        code: 'TOKEN_EXPIRED_OR_INACTIVE',
        message: 'Token expired or inactive',
      });
    }
    const wallet = await store.read.wallets.findById(merchant.walletId);
    expect(wallet?.balance.toString()).to.equal((1000 - ROUNDS * 25.25).toFixed(2));
  });
});
