import type { LedgerEntry } from '../ledger/ledger-entry.js';
import type { Money } from '../money/money.js';

export interface LedgerDrift {
  readonly walletId: string;
  readonly balance: Money;
  readonly postings: Money;
}

/**
 * A settlement account whose postings differ from what the withdrawals say it holds: `system:payouts-in-transit`
 * against the payouts debited and neither settled nor reversed; a provider's settled and fees accounts together
 * (`provider:<name>`) against its settled payouts not returned (a fee moves between the two, netting to zero).
 */
export interface SettlementDrift {
  readonly account: string;
  readonly postings: Money;
  readonly payouts: Money;
}

export interface LedgerRepository {
  /**
   * Appends a balanced posting set. Throws at once if its lines do not sum to zero; fails the unit with
   * `DuplicatePostingError` when the withdrawal already has an entry of the same kind: a debit or reversal is
   * posted at most once. PostgreSQL checks it among the postings of the same month (each month is a partition);
   * across months it rests on the withdrawal's own update, which the posting's unit makes under its sequence check.
   */
  append(entry: LedgerEntry): Promise<void>;
  entriesForWallet(walletId: string): Promise<readonly LedgerEntry[]>;
  /** The withdrawal's entries (its debit, settlement, fee, returns, reversal), in posting order. */
  entriesForWithdrawal(withdrawalId: string): Promise<readonly LedgerEntry[]>;
  /**
   * The sum of the wallet's WALLET_CREDIT postings: the highest balance it can ever reach, since a reversal gives
   * back no more than its debit took.
   */
  creditedTotal(walletId: string): Promise<Money>;
  /** Entries whose lines do not sum to zero (expected: none). */
  unbalancedEntryIds(): Promise<readonly string[]>;
  /** Wallets whose stored balance differs from the sum of their postings (expected: none). */
  walletDrift(): Promise<readonly LedgerDrift[]>;
  /** Settlement accounts that differ from the withdrawals (see SettlementDrift; expected: none). */
  settlementDrift(): Promise<readonly SettlementDrift[]>;
}

export class DuplicatePostingError extends Error {
  constructor(
    readonly withdrawalId: string,
    readonly kind: string,
  ) {
    super(`withdrawal ${withdrawalId} already has a ${kind} posting`);
    this.name = 'DuplicatePostingError';
  }
}
