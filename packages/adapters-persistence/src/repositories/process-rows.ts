import type { EntityIdentity, LinkedAccount, Wallet, Withdrawal } from '@payout/domain';
import { FixedRows, KnownRows } from './known-rows.js';

/** What one process keeps of the rows it has read or committed, shared by every transaction of its unit of work. */
export class ProcessRows {
  /**
   * Entities' identities as read (an account with its owners, claimed withdrawals): fields the store refuses to
   * change, so a status change's webhook body takes its entity's from here instead of reading it in the transaction.
   */
  readonly entities = new FixedRows<EntityIdentity>(10_000);
  /** Wallets as read with a withdrawal request's account: the debit right after it locks its wallet from here. */
  readonly wallets = new KnownRows<Wallet>();
  /** Linked accounts as read with their owners by a withdrawal request: its debit share-locks the account from here. */
  readonly linkedAccounts = new KnownRows<LinkedAccount>();
  /** Withdrawals as claimed or last committed here: the next move of one locks it from here. */
  readonly withdrawals = new KnownRows<Withdrawal>();
}

/** A transaction's side of ProcessRows: the withdrawals it wrote, remembered once it has committed. */
export interface TransactionRows {
  readonly written: Withdrawal[];
}
