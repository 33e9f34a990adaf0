import type { Wallet } from '../wallet/wallet.js';

export interface WalletRepository {
  /** Inserts a new wallet. Throws on a duplicate id. */
  insert(wallet: Wallet): Promise<void>;
  findById(id: string): Promise<Wallet | null>;
  /**
   * Reads the wallet and holds it exclusively until the enclosing unit of work ends (`SELECT … FOR UPDATE`):
   * concurrent lockers of the same wallet wait. Every debit, credit and reversal reads its wallet this way.
   */
  lockById(id: string): Promise<Wallet | null>;
  /** Writes balance and disabled flag. Only to be called on a wallet locked in the same unit of work. */
  update(wallet: Wallet): Promise<void>;
}
