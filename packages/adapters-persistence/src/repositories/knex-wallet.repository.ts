import type { Wallet, WalletRepository, WalletType } from '@payout/domain';
import { type Db, exactlyOne, isUuid, money } from './columns.js';

export interface WalletRow {
  id: string;
  merchant_id: string;
  owner_id: string;
  wallet_type: WalletType;
  currency: 'USD';
  balance: string;
  disabled: boolean;
}

export const toWallet = (row: WalletRow): Wallet => ({
  id: row.id,
  merchantId: row.merchant_id,
  ownerId: row.owner_id,
  walletType: row.wallet_type,
  currency: row.currency,
  balance: money(row.balance),
  disabled: row.disabled,
});

export class KnexWalletRepository implements WalletRepository {
  constructor(private readonly db: Db) {}

  async insert(wallet: Wallet): Promise<void> {
    const row: WalletRow = {
      id: wallet.id,
      merchant_id: wallet.merchantId,
      owner_id: wallet.ownerId,
      wallet_type: wallet.walletType,
      currency: wallet.currency,
      balance: wallet.balance.toString(),
      disabled: wallet.disabled,
    };
    await this.db('wallets').insert(row);
  }

  findById(id: string): Promise<Wallet | null> {
    return this.one(id, false);
  }

  lockById(id: string): Promise<Wallet | null> {
    return this.one(id, true);
  }

  async update(wallet: Wallet): Promise<void> {
    const updated = await this.db('wallets')
      .where({ id: wallet.id })
      .update({ balance: wallet.balance.toString(), disabled: wallet.disabled });
    exactlyOne(updated, () => new Error(`wallet ${wallet.id} does not exist`));
  }

  private async one(id: string, lock: boolean): Promise<Wallet | null> {
    if (!isUuid(id)) return null;
    const query = this.db<WalletRow>('wallets').where({ id });
    const row = await (lock ? query.forUpdate() : query).first();
    return row ? toWallet(row) : null;
  }
}
