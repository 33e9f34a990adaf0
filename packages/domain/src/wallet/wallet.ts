import type { Money } from '../money/money.js';
import { type DomainError, domainError, MESSAGES } from '../shared/domain-error.js';
import { err, ok, type Result } from '../shared/result.js';

export type WalletType = 'SPEND' | 'MERCHANT';

export interface Wallet {
  readonly id: string;
  readonly merchantId: string;
  /** The entity for a SPEND wallet, the merchant for a MERCHANT wallet. */
  readonly ownerId: string;
  readonly walletType: WalletType;
  readonly currency: 'USD';
  readonly balance: Money;
  readonly disabled: boolean;
}

/** A debit never takes the balance below zero and never touches a disabled wallet. */
export function debitWallet(wallet: Wallet, amount: Money): Result<Wallet, DomainError> {
  if (wallet.disabled) return err(domainError('WALLET_DISABLED', MESSAGES.WALLET_DISABLED));
  if (wallet.balance.compare(amount) < 0)
    return err(domainError('INSUFFICIENT_FUNDS', MESSAGES.INSUFFICIENT_FUNDS));
  return ok({ ...wallet, balance: wallet.balance.minus(amount) });
}

/** Credits and reversals always land, even on a disabled wallet: money owed back is never refused. */
export function creditWallet(wallet: Wallet, amount: Money): Wallet {
  return { ...wallet, balance: wallet.balance.plus(amount) };
}
