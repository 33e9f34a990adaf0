import {
  payoutSettlementEntry,
  settlementReturnEntry,
  UNRECORDED_PROVIDER,
  withdrawalReversalEntry,
} from '../../../ledger/ledger-entry.js';
import { givenBackToken } from '../../../policy/payment-link-policy.js';
import type { IdGenerator } from '../../../ports/id-generator.port.js';
import type { TransactionScope, UnitOfWork } from '../../../ports/unit-of-work.port.js';
import type { DomainError } from '../../../shared/domain-error.js';
import { ok, type Result } from '../../../shared/result.js';
import { creditWallet } from '../../../wallet/wallet.js';
import { buildWebhookBody, type WebhookEvent } from '../../../webhooks/webhook-event.js';
import type { FailureReason } from '../../../withdrawal/failure-reason.js';
import {
  checkAt,
  transitionWithdrawal,
  type Withdrawal,
  type WithdrawalDecision,
  type WithdrawalStatus,
  type WithdrawalStatusChange,
  webhookStatusOf,
} from '../../../withdrawal/withdrawal.js';

/**
 * Runs `work` in a transaction on `withdrawal` as it is stored now, locked: what the caller read or wrote last
 * may be stale (a lease ran out, an operator acted, another worker moved it). `missing` is the result when the
 * withdrawal no longer exists.
 */
export function onLatestWithdrawal<T>(
  unitOfWork: UnitOfWork,
  withdrawal: Withdrawal,
  work: (tx: TransactionScope, current: Withdrawal) => Promise<T>,
  missing: T,
): Promise<T> {
  return unitOfWork.run(async (tx) => {
    const current = await tx.withdrawals.lockById(withdrawal.id);
    return current ? work(tx, current) : missing;
  });
}

/**
 * Moves a withdrawal locked in `tx` to `to`: stores it, announces the change, and when it enters FAILED after a
 * debit, credits the wallet back with a balanced reversal posting. The aggregate says `reversalDue` once in a
 * withdrawal's life and the ledger refuses a second reversal, so the money comes back exactly once. With that
 * reversal a merchant-funded payment link's token, taken by the debit, is given back (payment-link-policy.ts).
 * Entering SUCCESS is the provider's confirmation: the payout leaves transit for its provider's settled account;
 * a settled payout that fails (a return) first comes back into transit (postSettlementMoves).
 */
export async function moveWithdrawal(
  tx: TransactionScope,
  ids: IdGenerator,
  withdrawal: Withdrawal,
  to: WithdrawalStatus,
  now: Date,
  reason: FailureReason | null = null,
  /** When the moved withdrawal is next checked, if the caller decides it: written with the move, not after it. */
  schedule: ((moved: Withdrawal) => Date | null) | null = null,
  /** The operator's approval or rejection that makes this move, kept on its status change. */
  decision: WithdrawalDecision | null = null,
): Promise<Result<Withdrawal, DomainError>> {
  const moved = transitionWithdrawal(withdrawal, to, now, reason, decision);
  if (!moved.ok) return moved;
  const { change, reversalDue } = moved.value;
  const next = schedule
    ? checkAt(moved.value.withdrawal, schedule(moved.value.withdrawal))
    : moved.value.withdrawal;
  // Stored first, right after the lock it was read under: a persistence adapter may send the two as one statement
  // (docs/decisions/0035-writes-in-lock-order.md). The postings below need nothing of the stored row.
  await tx.withdrawals.update(next, withdrawal.sequence);
  await postSettlementMoves(tx, ids, withdrawal, next, now);
  if (reversalDue) {
    const wallet = await tx.wallets.lockById(next.walletId);
    if (!wallet) throw new Error(`wallet ${next.walletId} of withdrawal ${next.id} is missing`);
    await tx.wallets.update(creditWallet(wallet, next.total));
    await tx.ledger.append(withdrawalReversalEntry(ids.next(), next, now));
    await giveBackToken(tx, next, now);
  }
  await recordStatusChange(tx, next, change, now, ids);
  return ok(next);
}

/**
 * The settlement postings of a move (docs/reconciliation.md#accounts): SUCCESS happens once in a withdrawal's
 * life, so its settlement is posted once; a failure after it returns the settlement it finds, once (the ledger
 * refuses a second of either). A withdrawal settled before settlements were posted has none to return, and its
 * reversal, the mirror of its debit, alone balances transit again.
 */
async function postSettlementMoves(
  tx: TransactionScope,
  ids: IdGenerator,
  from: Withdrawal,
  moved: Withdrawal,
  now: Date,
): Promise<void> {
  if (!moved.debited) return;
  if (moved.status === 'SUCCESS') {
    const provider = moved.railProvider ?? UNRECORDED_PROVIDER;
    await tx.ledger.append(payoutSettlementEntry(ids.next(), moved, provider, now));
    return;
  }
  if (moved.status !== 'FAILED' || from.status !== 'SUCCESS') return;
  const entries = await tx.ledger.entriesForWithdrawal(moved.id);
  const settlement = entries.find((entry) => entry.kind === 'PAYOUT_SETTLEMENT');
  if (settlement && !entries.some((entry) => entry.kind === 'SETTLEMENT_RETURN'))
    await tx.ledger.append(settlementReturnEntry(ids.next(), settlement, now));
}

/** A merchant-funded payment link's token taken by the debit, given back when the policy says so. */
async function giveBackToken(tx: TransactionScope, failed: Withdrawal, now: Date): Promise<void> {
  if (failed.applicationTokenId === null) return;
  const restored = givenBackToken(
    await tx.applicationTokens.lockById(failed.applicationTokenId),
    failed,
    now,
  );
  if (restored) await tx.applicationTokens.update(restored);
}

/**
 * Records a status change as its webhook event, due at once, inside the transaction that made the change, so an
 * event exists exactly when the change was committed. The stored events are the delivery queue (DeliverWebhook).
 * Entering AWAITING_APPROVAL is not announced: the spec announces such a withdrawal once approved.
 */
export async function recordStatusChange(
  tx: TransactionScope,
  withdrawal: Withdrawal,
  change: WithdrawalStatusChange,
  now: Date,
  ids: IdGenerator,
): Promise<void> {
  if (change.status === 'AWAITING_APPROVAL') return;
  const entity = await tx.entities.findIdentity(withdrawal.entityId);
  if (!entity) throw new Error(`entity ${withdrawal.entityId} of withdrawal ${withdrawal.id} is missing`);
  const event: WebhookEvent = {
    id: ids.next(),
    merchantId: withdrawal.merchantId,
    withdrawalId: withdrawal.id,
    linkedAccountId: null,
    sequence: change.sequence,
    status: webhookStatusOf(change.status),
    body: JSON.stringify(buildWebhookBody(withdrawal, entity, now)),
    createdAt: now,
    deliveryState: 'PENDING',
    attempts: 0,
    nextAttemptAt: now,
    deliveredAt: null,
  };
  await tx.webhookEvents.insert(event);
}
