import {
  type LedgerEntry,
  payoutSettlementEntry,
  providerFeeEntry,
  settlementReturnEntry,
  UNRECORDED_PROVIDER,
} from '../../ledger/ledger-entry.js';
import { Money } from '../../money/money.js';
import type { IdGenerator } from '../../ports/id-generator.port.js';
import type { ProviderRecord } from '../../ports/provider-records.port.js';
import type { TransactionScope } from '../../ports/unit-of-work.port.js';
import type { Withdrawal } from '../../withdrawal/withdrawal.js';

/** A fee the record reports that can be posted: a positive amount in cents. */
function feeOf(record: ProviderRecord | null): Money | null {
  if (!record?.fee || (record.state !== 'PAID' && record.state !== 'RETURNED')) return null;
  try {
    const fee = Money.of(record.fee);
    return fee.isPositive() ? fee : null;
  } catch {
    return null;
  }
}

/** The postings the withdrawal's state and its provider's record call for that its entries lack. */
function duePostings(
  ids: IdGenerator,
  w: Withdrawal,
  entries: readonly LedgerEntry[],
  provider: string,
  record: ProviderRecord | null,
  now: Date,
): LedgerEntry[] {
  const has = (kind: LedgerEntry['kind']) => entries.some((e) => e.kind === kind);
  const settlement = entries.find((e) => e.kind === 'PAYOUT_SETTLEMENT');
  const due: LedgerEntry[] = [];
  if (w.status === 'SUCCESS' && !settlement)
    due.push(payoutSettlementEntry(ids.next(), w, w.railProvider ?? UNRECORDED_PROVIDER, now));
  if (w.status === 'FAILED' && settlement && !has('SETTLEMENT_RETURN'))
    due.push(settlementReturnEntry(ids.next(), settlement, now));
  const fee = feeOf(record);
  if (fee && (settlement || w.status === 'SUCCESS') && !has('PROVIDER_FEE'))
    due.push(providerFeeEntry(ids.next(), w, provider, fee, now));
  return due;
}

/**
 * What reconciling a settled withdrawal posts (docs/reconciliation.md#accounts): the fee its provider's record
 * reports, once; and a settlement, or its return, that a process of the release before settlement postings moved
 * it without (decision 0026). Decided again under the withdrawal's lock, so a move committing meanwhile is seen.
 */
export async function postLedgerFacts(
  tx: TransactionScope,
  ids: IdGenerator,
  withdrawal: Withdrawal,
  provider: string,
  record: ProviderRecord | null,
  now: Date,
): Promise<void> {
  if (!withdrawal.debited || !withdrawal.history.some((change) => change.status === 'SUCCESS')) return;
  const unlocked = await tx.ledger.entriesForWithdrawal(withdrawal.id);
  if (duePostings(ids, withdrawal, unlocked, provider, record, now).length === 0) return;
  const locked = await tx.withdrawals.lockById(withdrawal.id);
  if (!locked) throw new Error(`withdrawal ${withdrawal.id} is missing`);
  const entries = await tx.ledger.entriesForWithdrawal(locked.id);
  for (const entry of duePostings(ids, locked, entries, provider, record, now)) await tx.ledger.append(entry);
}
