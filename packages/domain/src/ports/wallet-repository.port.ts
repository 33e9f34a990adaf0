import type { Wallet } from '../wallet/wallet.js';

export interface WalletRepository {
  /** Inserts a new wallet. Throws on a duplicate id. */
  insert(wallet: Wallet): Promise<void>;
  /** The wallet as stored, with the unit's own writes inside one; no lock. */
  findById(id: string): Promise<Wallet | null>;
  /**
   * The wallet to decide on in this unit of work; null when there is none. Decisions on one wallet are serialised:
   * a unit commits only having decided on the wallet as the units committed before it left it. The adapter may
   * answer from the wallet as its process last read it and check at commit that it is still so; a unit that decided
   * on a wallet changed meanwhile is rolled back and its work run again (UnitOfWork.run), deciding on the wallet as
   * stored. Every debit, credit and reversal reads its wallet this way.
   */
  lockById(id: string): Promise<Wallet | null>;
  /**
   * Writes the balance and the disabled flag, all that changes of a wallet (its owner, kind and currency never do).
   * Only for a wallet locked in the same unit of work. A wallet that does not exist fails the unit.
   */
  update(wallet: Wallet): Promise<void>;
}
