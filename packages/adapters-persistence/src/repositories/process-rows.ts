import type { Wallet, Withdrawal } from '@payout/domain';
import { EntityCache } from './entity-cache.js';
import { KnownRows } from './known-rows.js';

/** What one process keeps of the rows it has read or committed, shared by every transaction of its unit of work. */
export class ProcessRows {
  readonly entities = new EntityCache();
  /** Wallets as read with a withdrawal request's account: the debit right after it locks its wallet from here. */
  readonly wallets = new KnownRows<Wallet>();
  /** Withdrawals as claimed or last committed here: the next move of one locks it from here. */
  readonly withdrawals = new KnownRows<Withdrawal>();
}

/** A transaction's side of ProcessRows: the withdrawals it wrote, remembered once it has committed. */
export interface TransactionRows {
  readonly written: Withdrawal[];
}
