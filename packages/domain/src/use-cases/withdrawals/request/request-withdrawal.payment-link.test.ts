import { expect } from 'chai';
import { JsonNumber } from '../../../money/money.js';
import { WithdrawalWorld, withdraw, withdrawalBody } from '../withdrawal-world.fixture.js';

const body = withdrawalBody;

describe('RequestWithdrawal: payment links', () => {
  describe('transactionType "payout" in any case', () => {
    const paymentLink = (overrides = {}) => ({ purpose: 'PAYMENT_LINK' as const, ...overrides });

    it('debits the merchant wallet for a merchant-funded link and invalidates its token at once', async () => {
      const world = new WithdrawalWorld();
      const c = await world.customer({
        merchantBalance: '500.00',
        token: paymentLink({ source: 'MERCHANT_WALLET', amount: '120.00' }),
      });
      const result = await withdraw(
        world,
        c,
        body({ amount: JsonNumber.of('120'), transactionType: 'PayOut' }),
      );
      if (!result.ok) throw new Error(result.error.message);
      expect(result.value.withdrawal.flow).to.equal('PAYMENT');
      expect(await world.balance(c.merchantWalletId)).to.equal('379.75');
      expect(await world.balance(c.walletId)).to.equal('1000.00');
      expect(world.uow.state.applicationTokens.get(c.tokenId)?.status).to.equal('INACTIVE');
      const again = await withdraw(
        world,
        c,
        body({ amount: JsonNumber.of('120'), transactionType: 'payout' }),
      );
      expect(!again.ok && again.error.message).to.equal('Token expired or inactive');
    });

    it('answers Malformed request when the amount differs from the token amount', async () => {
      const world = new WithdrawalWorld();
      const c = await world.customer({
        merchantBalance: '500',
        token: paymentLink({ source: 'MERCHANT_WALLET', amount: '120.00' }),
      });
      const result = await withdraw(
        world,
        c,
        body({ amount: JsonNumber.of('120.01'), transactionType: 'payout' }),
      );
      expect(!result.ok && result.error).to.deep.include({
        code: 'MALFORMED_REQUEST',
        message: 'Malformed request',
      });
      expect(world.uow.state.applicationTokens.get(c.tokenId)?.status).to.equal('ACTIVE');
    });

    for (const [name, token] of [
      ['expired', paymentLink({ expiresInMs: -1 })],
      ['inactive', paymentLink({ status: 'INACTIVE' })],
      ['an account-link token', { purpose: 'ACCOUNT_LINK' as const }],
    ] as const) {
      it(`refuses a token that is ${name}`, async () => {
        const world = new WithdrawalWorld();
        const c = await world.customer({ token });
        const result = await withdraw(world, c, body({ transactionType: 'PAYOUT' }));
        expect(!result.ok && result.error).to.deep.include({
          code: 'TOKEN_EXPIRED_OR_INACTIVE',
          message: 'Token expired or inactive',
        });
      });
    }

    it('debits the entity wallet for an entity-funded link and keeps its token', async () => {
      const world = new WithdrawalWorld();
      const c = await world.customer({ token: paymentLink() });
      const result = await withdraw(world, c, body({ transactionType: 'payout' }));
      expect(result.ok).to.equal(true);
      expect(await world.balance(c.walletId)).to.equal('899.75');
      expect(world.uow.state.applicationTokens.get(c.tokenId)?.status).to.equal('ACTIVE');
    });

    it('ignores the token for any other transactionType (PAYOUT flow)', async () => {
      const world = new WithdrawalWorld();
      const c = await world.customer({ token: paymentLink({ status: 'INACTIVE' }) });
      const result = await withdraw(world, c, body({ transactionType: 'transfer' }));
      expect(result.ok && result.value.withdrawal.flow).to.equal('PAYOUT');
    });
  });
});
