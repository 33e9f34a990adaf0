import { expect } from 'chai';
import type { ApplicationToken } from '../application-token/application-token.js';
import { Money } from '../money/money.js';
import type { Withdrawal } from '../withdrawal/withdrawal.js';
import { givenBackToken, paymentLinkWallet, takeToken } from './payment-link-policy.js';

const NOW = new Date('2026-01-01T00:00:00Z');
const wallets = { entity: 'entity-wallet', merchant: 'merchant-wallet' };

const token = (overrides: Partial<ApplicationToken> = {}): ApplicationToken => ({
  id: 'token',
  tokenHash: 'hash',
  merchantId: 'merchant',
  entityId: 'entity',
  purpose: 'PAYMENT_LINK',
  amount: Money.of('25.00'),
  withdrawalSource: 'MERCHANT_WALLET',
  expiresAt: new Date(NOW.getTime() + 60_000),
  status: 'ACTIVE',
  createdAt: NOW,
  ...overrides,
});

const failedAfter = (statuses: readonly string[]) =>
  ({ history: statuses.map((status) => ({ status })) }) as unknown as Withdrawal;

describe('payment-link policy (docs/product.md §3)', () => {
  it("debits the merchant's wallet for a merchant-funded link of exactly its amount, else the entity's", () => {
    expect(paymentLinkWallet(token(), Money.of('25.00'), NOW, wallets)).to.deep.equal({
      ok: true,
      value: 'merchant-wallet',
    });
    const entityFunded = token({ withdrawalSource: 'ENTITY_WALLET', amount: null });
    expect(paymentLinkWallet(entityFunded, Money.of('3.00'), NOW, wallets)).to.deep.include({
      value: 'entity-wallet',
    });
    const other = paymentLinkWallet(token(), Money.of('25.01'), NOW, wallets);
    expect(other.ok ? null : other.error.code).to.equal('MALFORMED_REQUEST');
  });

  it('refuses an expired, inactive or account-link token', () => {
    for (const refused of [
      token({ expiresAt: NOW }),
      token({ status: 'INACTIVE' }),
      token({ purpose: 'ACCOUNT_LINK' }),
      null,
    ]) {
      const result = paymentLinkWallet(refused, Money.of('25.00'), NOW, wallets);
      expect(result.ok ? null : result.error.code).to.equal('TOKEN_EXPIRED_OR_INACTIVE');
    }
  });

  it("takes a merchant-funded link's token at the debit and leaves an entity-funded one as it is", () => {
    expect(takeToken(token(), NOW)).to.deep.equal({ ok: true, value: token({ status: 'INACTIVE' }) });
    expect(takeToken(token({ withdrawalSource: 'ENTITY_WALLET' }), NOW)).to.deep.equal({
      ok: true,
      value: null,
    });
    const spent = takeToken(token({ status: 'INACTIVE' }), NOW);
    expect(spent.ok ? null : spent.error.code).to.equal('TOKEN_EXPIRED_OR_INACTIVE');
  });

  it('gives the token back to a withdrawal that failed before it succeeded, while unexpired', () => {
    const taken = token({ status: 'INACTIVE' });
    expect(givenBackToken(taken, failedAfter(['PENDING', 'FAILED']), NOW)).to.deep.equal(token());
    expect(givenBackToken(taken, failedAfter(['PENDING', 'SUCCESS', 'FAILED']), NOW), 'a return').to.equal(
      null,
    );
    expect(
      givenBackToken(token({ status: 'INACTIVE', expiresAt: NOW }), failedAfter(['FAILED']), NOW),
    ).to.equal(null);
  });
});
