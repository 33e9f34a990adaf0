import type { Wallet, WalletRepository, WalletType } from '@payout/domain';
import { readPrepared } from '../sql/connection.js';
import { updateStatement } from '../sql/sql-statement.js';
import { exactlyOne, type SqlWriter } from '../sql/sql-write.js';
import { type Db, isUuid, money } from './columns.js';

interface WalletRow {
  id: string;
  merchant_id: string;
  owner_id: string;
  wallet_type: WalletType;
  currency: 'USD';
  balance: string;
  disabled: boolean;
}

const toWallet = (row: WalletRow): Wallet => ({
  id: row.id,
  merchantId: row.merchant_id,
  ownerId: row.owner_id,
  walletType: row.wallet_type,
  currency: row.currency,
  balance: money(row.balance),
  disabled: row.disabled,
});

const FIND_WALLET = { name: 'wallet_by_id', text: 'SELECT * FROM wallets WHERE id = $1' };
const LOCK_WALLET = { name: 'wallet_lock', text: 'SELECT * FROM wallets WHERE id = $1 FOR UPDATE' };

export class KnexWalletRepository implements WalletRepository {
  constructor(
    private readonly db: Db,
    private readonly writer: SqlWriter,
  ) {}

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
    await this.writer.write({
      ...updateStatement(
        'wallets',
        { balance: wallet.balance.toString(), disabled: wallet.disabled },
        { id: wallet.id },
      ),
      expect: exactlyOne(`wallet ${wallet.id} does not exist`),
    });
  }

  private async one(id: string, lock: boolean): Promise<Wallet | null> {
    if (!isUuid(id)) return null;
    const [row] = await readPrepared<WalletRow>(this.db, lock ? LOCK_WALLET : FIND_WALLET, [id]);
    return row ? toWallet(row) : null;
  }
}
