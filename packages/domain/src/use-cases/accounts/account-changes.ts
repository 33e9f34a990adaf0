import { AUDIT_SUBJECT, type AuditAction, type AuditEntry } from '../../audit/audit-entry.js';
import { type LinkedAccount, markUnusable } from '../../linked-account/linked-account.js';
import type { Clock } from '../../ports/clock.port.js';
import type { IdGenerator } from '../../ports/id-generator.port.js';
import type { RailAccountFacts } from '../../ports/payout-rail.port.js';
import type { TransactionScope } from '../../ports/unit-of-work.port.js';
import {
  type LinkedAccountEventFacts,
  type LinkedAccountEventStatus,
  linkedAccountEventBody,
} from '../../webhooks/linked-account-event.js';
import type { FailureReason } from '../../withdrawal/failure-reason.js';
import type { Withdrawal } from '../../withdrawal/withdrawal.js';
import { correctAccount } from './correct-account.js';

export interface AccountChangeDeps {
  readonly ids: IdGenerator;
  readonly clock: Clock;
}

/** An account change to store, announce and audit: the account as changed, and what the event says of it. */
export interface AccountChange {
  readonly account: LinkedAccount;
  readonly status: LinkedAccountEventStatus;
  readonly facts: LinkedAccountEventFacts;
  readonly action: AuditAction;
  /** Who made it: an operator's `sub`, or `provider:<name>`. */
  readonly actor: string;
  readonly audit: AuditEntry['changes'];
}

/**
 * Stores a changed account (locked in `tx`), records its `LINKED_ACCOUNT` event (due at once, numbered by the
 * account's `eventSequence`) and its audit entry, all in the transaction of the change.
 */
export async function recordAccountChange(
  tx: TransactionScope,
  deps: AccountChangeDeps,
  change: AccountChange,
): Promise<void> {
  const { account } = change;
  const now = deps.clock.now();
  await tx.linkedAccounts.update(account);
  await tx.webhookEvents.insert({
    id: deps.ids.next(),
    merchantId: account.merchantId,
    withdrawalId: null,
    linkedAccountId: account.id,
    sequence: account.eventSequence,
    status: change.status,
    body: JSON.stringify(linkedAccountEventBody(account, change.status, change.facts, now)),
    createdAt: now,
    deliveryState: 'PENDING',
    attempts: 0,
    nextAttemptAt: now,
    deliveredAt: null,
  });
  await tx.auditLog.append({
    id: deps.ids.next(),
    at: now,
    actor: change.actor,
    action: change.action,
    subjectType: AUDIT_SUBJECT[change.action],
    subjectId: account.id,
    changes: change.audit,
  });
}

/** What a rail's answer about `withdrawal` says of its account, with the provider's code and reason of the failure. */
export interface AccountNews extends RailAccountFacts {
  readonly code?: string;
  readonly reason?: FailureReason;
}

/**
 * Applies to the withdrawal's linked account what its provider said of it with a payout's answer: the latest
 * correction of its details (an ACH Notification of Change), and that it cannot receive (a return or refusal
 * whose code says so), each stored, announced and audited. Runs in the transaction that applies the answer, before
 * the withdrawal moves: the account is locked before the wallet its reversal credits, the order a debit takes them
 * in, so the two never wait on each other. Marking an account that is already unusable changes nothing.
 */
export async function applyAccountNews(
  tx: TransactionScope,
  deps: AccountChangeDeps,
  withdrawal: Withdrawal,
  provider: string,
  news: AccountNews,
): Promise<void> {
  if (!news.accountUnusable && !news.correction) return;
  const locked = await tx.linkedAccounts.lockById(withdrawal.linkedAccountId);
  if (!locked) throw new Error(`linked account ${withdrawal.linkedAccountId} of ${withdrawal.id} is missing`);
  const actor = `provider:${provider}`;
  let account = locked;
  const corrected = news.correction ? correctAccount(account, news.correction) : null;
  if (corrected && news.correction) {
    account = corrected.account;
    const code = news.correction.code;
    await recordAccountChange(tx, deps, {
      account,
      status: 'CORRECTED',
      facts: { correctedFields: corrected.fields, code, sourceTransactionId: withdrawal.id },
      action: 'LINKED_ACCOUNT_CORRECTED',
      actor,
      // Which fields changed, never their values: account and routing numbers stay encrypted in one place.
      audit: {
        code,
        fields: [...corrected.fields],
        transactionId: withdrawal.id,
        lastFourDigits: account.lastFourDigits,
      },
    });
  }
  if (!news.accountUnusable || account.unusable !== null) return;
  const code = news.code ?? null;
  account = markUnusable(account, { code, withdrawalId: withdrawal.id }, deps.clock.now());
  await recordAccountChange(tx, deps, {
    account,
    status: 'UNUSABLE',
    facts: { code, sourceTransactionId: withdrawal.id, reason: news.reason ?? null },
    action: 'LINKED_ACCOUNT_MARKED_UNUSABLE',
    actor,
    audit: { code, transactionId: withdrawal.id, reason: news.reason ?? null },
  });
}
