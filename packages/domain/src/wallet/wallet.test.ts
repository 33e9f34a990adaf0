import { expect } from 'chai';
import { Money } from '../money/money.js';
import { creditWallet, debitWallet, type Wallet } from './wallet.js';

const wallet = (balance: string, disabled = false): Wallet => ({
  id: 'w-1',
  merchantId: 'm-1',
  ownerId: 'e-1',
  walletType: 'SPEND',
  currency: 'USD',
  balance: Money.of(balance),
  disabled,
});

const balanceOf = (result: ReturnType<typeof debitWallet>) =>
  result.ok ? result.value.balance.toString() : null;

describe('wallet', () => {
  it('debits down to zero exactly, and nothing past it (Insufficient Funds #912)', () => {
    expect(balanceOf(debitWallet(wallet('10.25'), Money.of('10.24')))).to.equal('0.01');
    expect(balanceOf(debitWallet(wallet('10.25'), Money.of('10.25')))).to.equal('0.00');
    const short = debitWallet(wallet('10.25'), Money.of('10.26'));
    expect(short.ok ? null : short.error).to.deep.equal({
      code: 'INSUFFICIENT_FUNDS',
      message: 'Insufficient Funds #912',
    });
  });

  it('refuses any debit of a disabled wallet, funded or not', () => {
    for (const balance of ['0.00', '500.00']) {
      const refused = debitWallet(wallet(balance, true), Money.of('0.01'));
      expect(refused.ok ? null : refused.error.code).to.equal('WALLET_DISABLED');
    }
  });

  it('changes nothing but the balance, and leaves the wallet it was given as it was', () => {
    const before = wallet('3.00');
    const debited = debitWallet(before, Money.of('1.10'));
    expect(debited.ok && { ...debited.value, balance: debited.value.balance.toString() }).to.deep.equal({
      ...before,
      balance: '1.90',
    });
    expect(before.balance.toString()).to.equal('3.00');
  });

  it('credits always, a disabled wallet too: money owed back is never refused', () => {
    expect(creditWallet(wallet('0.10'), Money.of('0.20')).balance.toString()).to.equal('0.30');
    const disabled = creditWallet(wallet('0.00', true), Money.of('25.00'));
    expect([disabled.balance.toString(), disabled.disabled]).to.deep.equal(['25.00', true]);
  });
});
