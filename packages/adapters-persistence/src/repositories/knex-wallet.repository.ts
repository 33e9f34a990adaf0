import type { Wallet, WalletRepository, WalletType } from '@payout/domain';
import { type KnownRows, StaleKnownRowError } from '../batched-transactions/known-rows.js';
import { changingColumns, exactlyOne, type SqlWriter } from '../batched-transactions/sql-write.js';
import { readPrepared } from '../sql/connection.js';
import { type Db, isUuid, money } from './columns.js';

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

const FIND_WALLET = { name: 'wallet_by_id', text: 'SELECT * FROM wallets WHERE id = $1' };
const LOCK_WALLET = { name: 'wallet_lock', text: 'SELECT * FROM wallets WHERE id = $1 FOR UPDATE' };
/** What an update of a wallet changes, and so what a known wallet's lock compares. */
const CHANGES = changingColumns('wallets', 'uuid', {
  balance: ['numeric', (wallet: Wallet) => wallet.balance.toString()],
  disabled: ['boolean', (wallet: Wallet) => wallet.disabled],
});

/** The columns of a wallet row, for reads that join it under a prefix. */
export const WALLET_COLUMNS: ReadonlyArray<keyof WalletRow> = [
  'id',
  'merchant_id',
  'owner_id',
  'wallet_type',
  'currency',
  'balance',
  'disabled',
];

export class KnexWalletRepository implements WalletRepository {
  constructor(
    private readonly db: Db,
    private readonly writer: SqlWriter,
    /** In a transaction, the wallets the process knows (see KnownRows); null outside one. */
    private readonly known: KnownRows<Wallet> | null = null,
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

  /** A known wallet is locked among the writes, on condition that what an update changes is still as known. */
  async lockById(id: string): Promise<Wallet | null> {
    const known = this.known?.take(id);
    if (known) {
      await this.writer.write(CHANGES.lockUnchanged(known, () => new StaleKnownRowError('wallet', known.id)));
      return known;
    }
    return this.one(id, true);
  }

  async update(wallet: Wallet): Promise<void> {
    await this.writer.write(CHANGES.update(wallet, exactlyOne(`wallet ${wallet.id} does not exist`)));
  }

  private async one(id: string, lock: boolean): Promise<Wallet | null> {
    if (!isUuid(id)) return null;
    const [row] = await readPrepared<WalletRow>(this.db, lock ? LOCK_WALLET : FIND_WALLET, [id]);
    return row ? toWallet(row) : null;
  }
}
