import { Money } from '../money/money.js';

/** System accounts on the other side of wallet postings. Wallet accounts are `wallet:<walletId>`. */
export const LEDGER_ACCOUNTS = {
  funding: 'system:funding',
  payoutsInTransit: 'system:payouts-in-transit',
  feeRevenue: 'system:fee-revenue',
} as const;

export const walletAccount = (walletId: string): string => `wallet:${walletId}`;

/**
 * What a provider paid out for us, fees included (docs/reconciliation.md#accounts): a payout moves here from
 * `system:payouts-in-transit` when its provider confirms it, and back when it is returned.
 */
export const providerSettledAccount = (provider: string): string => `provider:${provider}:settled`;

/** What a provider charged us for its payouts, where it reports it: negative, against its settled account. */
export const providerFeesAccount = (provider: string): string => `provider:${provider}:fees`;

/**
 * The provider named on a settlement when the withdrawal does not record which one served it (rows stored before
 * migration 0018).
 */
export const UNRECORDED_PROVIDER = 'unrecorded';

export const LEDGER_ENTRY_KINDS = [
  'WALLET_CREDIT',
  'WITHDRAWAL_DEBIT',
  'WITHDRAWAL_REVERSAL',
  'PAYOUT_SETTLEMENT',
  'SETTLEMENT_RETURN',
  'PROVIDER_FEE',
] as const;
export type LedgerEntryKind = (typeof LEDGER_ENTRY_KINDS)[number];

/** A signed amount on one account: positive raises a wallet's balance. */
export interface LedgerLine {
  readonly account: string;
  readonly amount: Money;
}

/**
 * A balanced posting set: its lines sum to zero. A withdrawal has at most one entry of each kind: one debit, one
 * settlement, one return of it, one provider fee, one reversal.
 */
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

/** The provider confirmed the payout: it leaves transit for the provider's settled account. */
export function payoutSettlementEntry(
  id: string,
  withdrawal: WithdrawalAmounts,
  provider: string,
  now: Date,
): LedgerEntry {
  return {
    id,
    kind: 'PAYOUT_SETTLEMENT',
    walletId: withdrawal.walletId,
    withdrawalId: withdrawal.id,
    memo: `settlement of withdrawal ${withdrawal.id} by ${provider}`,
    createdAt: now,
    lines: [
      { account: LEDGER_ACCOUNTS.payoutsInTransit, amount: withdrawal.amount.negated() },
      { account: providerSettledAccount(provider), amount: withdrawal.amount },
    ],
  };
}

/**
 * A settled payout came back: the exact mirror of its settlement, back in transit, so that the reversal that
 * follows it mirrors the debit as for any failure.
 */
export function settlementReturnEntry(id: string, settlement: LedgerEntry, now: Date): LedgerEntry {
  if (settlement.kind !== 'PAYOUT_SETTLEMENT') throw new Error(`${settlement.id} is not a settlement`);
  return {
    ...settlement,
    id,
    kind: 'SETTLEMENT_RETURN',
    memo: `return of the settlement of withdrawal ${settlement.withdrawalId}`,
    createdAt: now,
    lines: settlement.lines.map((line) => ({ account: line.account, amount: line.amount.negated() })),
  };
}

/**
 * A fee the provider reported for the payout: it took the fee from what it holds for us too, so its settled
 * account grows by it and its fees account carries the cost. A return leaves it in place.
 */
export function providerFeeEntry(
  id: string,
  withdrawal: Pick<WithdrawalAmounts, 'id' | 'walletId'>,
  provider: string,
  fee: Money,
  now: Date,
): LedgerEntry {
  if (!fee.isPositive()) throw new Error(`a provider fee is positive (got ${fee})`);
  return {
    id,
    kind: 'PROVIDER_FEE',
    walletId: withdrawal.walletId,
    withdrawalId: withdrawal.id,
    memo: `${provider} fee for withdrawal ${withdrawal.id}`,
    createdAt: now,
    lines: [
      { account: providerFeesAccount(provider), amount: fee.negated() },
      { account: providerSettledAccount(provider), amount: fee },
    ],
  };
}
