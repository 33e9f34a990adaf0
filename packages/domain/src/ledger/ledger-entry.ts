import { Money } from '../money/money.js';

/** System accounts on the other side of wallet postings. Wallet accounts are `wallet:<walletId>`. */
export const LEDGER_ACCOUNTS = {
  funding: 'system:funding',
  payoutsInTransit: 'system:payouts-in-transit',
  feeRevenue: 'system:fee-revenue',
} as const;

export const walletAccount = (walletId: string): string => `wallet:${walletId}`;

export type LedgerEntryKind = 'WALLET_CREDIT' | 'WITHDRAWAL_DEBIT' | 'WITHDRAWAL_REVERSAL';

/** A signed amount on one account: positive raises a wallet's balance. */
export interface LedgerLine {
  readonly account: string;
  readonly amount: Money;
}

/** A balanced posting set: its lines sum to zero. At most one debit and one reversal exist per withdrawal. */
export interface LedgerEntry {
  readonly id: string;
  readonly kind: LedgerEntryKind;
  readonly walletId: string;
  readonly withdrawalId: string | null;
  readonly lines: readonly LedgerLine[];
  readonly memo: string;
  readonly createdAt: Date;
}

export const isBalanced = (entry: Pick<LedgerEntry, 'lines'>): boolean =>
  Money.sum(entry.lines.map((line) => line.amount)).isZero();

export function walletCreditEntry(
  id: string,
  walletId: string,
  amount: Money,
  memo: string,
  now: Date,
): LedgerEntry {
  return {
    id,
    kind: 'WALLET_CREDIT',
    walletId,
    withdrawalId: null,
    memo,
    createdAt: now,
    lines: [
      { account: walletAccount(walletId), amount },
      { account: LEDGER_ACCOUNTS.funding, amount: amount.negated() },
    ],
  };
}

interface WithdrawalAmounts {
  readonly id: string;
  readonly walletId: string;
  readonly amount: Money;
  readonly fees: Money;
}

/** The wallet gives amount + fees; the payout goes in transit and the fee to revenue. */
export function withdrawalDebitEntry(id: string, withdrawal: WithdrawalAmounts, now: Date): LedgerEntry {
  return {
    id,
    kind: 'WITHDRAWAL_DEBIT',
    walletId: withdrawal.walletId,
    withdrawalId: withdrawal.id,
    memo: `withdrawal ${withdrawal.id}`,
    createdAt: now,
    lines: [
      {
        account: walletAccount(withdrawal.walletId),
        amount: withdrawal.amount.plus(withdrawal.fees).negated(),
      },
      { account: LEDGER_ACCOUNTS.payoutsInTransit, amount: withdrawal.amount },
      { account: LEDGER_ACCOUNTS.feeRevenue, amount: withdrawal.fees },
    ],
  };
}

/** The exact mirror of the debit: the whole total, fee included, goes back to the wallet. */
export function withdrawalReversalEntry(id: string, withdrawal: WithdrawalAmounts, now: Date): LedgerEntry {
  const debit = withdrawalDebitEntry(id, withdrawal, now);
  return {
    ...debit,
    kind: 'WITHDRAWAL_REVERSAL',
    memo: `reversal of withdrawal ${withdrawal.id}`,
    lines: debit.lines.map((line) => ({ account: line.account, amount: line.amount.negated() })),
  };
}
