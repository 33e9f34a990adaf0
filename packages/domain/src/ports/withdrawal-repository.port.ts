import type { EntityIdentity } from '../entity/entity.js';
import type { RailId } from '../rails/rail-id.js';
import { type WebhookSource, webhookSourceOf } from '../webhooks/webhook-body.js';
import type { Withdrawal, WithdrawalFlow, WithdrawalStatusChange } from '../withdrawal/withdrawal.js';

/**
 * What the webhook-payload lookup reads (spec endpoint 7, a merchant's hot read): the fields of its body, and
 * the owners and flow it checks. A read model: it parses a fraction of a whole withdrawal with its history.
 */
export interface WithdrawalWebhookView extends WebhookSource {
  readonly merchantId: string;
  readonly flow: WithdrawalFlow;
}

/** The webhook view of a whole withdrawal and its entity: what `findWebhookView` reads, for stores that hold both. */
export const webhookViewOf = (withdrawal: Withdrawal, entity: EntityIdentity): WithdrawalWebhookView => ({
  ...webhookSourceOf(withdrawal, entity),
  merchantId: withdrawal.merchantId,
  flow: withdrawal.flow,
});

export interface WithdrawalRepository {
  /** Inserts a new withdrawal with its history. Throws on a duplicate id. */
  insert(withdrawal: Withdrawal): Promise<void>;
  findById(id: string): Promise<Withdrawal | null>;
  /** The withdrawal as the webhook-payload lookup needs it, in one read; null when there is none. */
  findWebhookView(id: string): Promise<WithdrawalWebhookView | null>;
  /** Reads and holds the withdrawal until the unit of work ends: the guard against two workers moving it at once. */
  lockById(id: string): Promise<Withdrawal | null>;
  /**
   * Writes the withdrawal's state and appends the history entries it has beyond what is stored. Throws
   * `ConcurrentModificationError` when the stored sequence is not `expectedSequence` (a lost update).
   */
  update(withdrawal: Withdrawal, expectedSequence: number): Promise<void>;
  /** History in sequence order. */
  history(id: string): Promise<readonly WithdrawalStatusChange[]>;
  /**
   * The withdrawal work queue: claims up to `limit` withdrawals whose `nextCheckAt` is due at `now`, earliest
   * first, by moving it to `leaseUntil`, and returns them as claimed, history included. Concurrent
   * callers, in any process, never claim the same withdrawal; one whose claimer died is due again when the lease
   * ends. One statement, atomic by itself: callers run it on `read` (no transaction to begin and commit).
   */
  claimDue(now: Date, leaseUntil: Date, limit: number): Promise<readonly Withdrawal[]>;
  /**
   * A provider's webhook said the transfer `reference` changed: the withdrawal on one of `rails` with that rail
   * reference, submitted and not failed, is made due at `now` (a later check, or none, is brought forward; an
   * earlier one kept), so the worker asks the rail at once. Its id, or null when no such withdrawal exists. One
   * statement, on `read`, like `claimDue`.
   */
  checkNowByRailReference(rails: readonly RailId[], reference: string, now: Date): Promise<string | null>;
  /** AWAITING_APPROVAL withdrawals whose approval window closed before `now`, oldest first. */
  findExpiredApprovals(now: Date, limit: number): Promise<readonly Withdrawal[]>;
}

export class ConcurrentModificationError extends Error {
  constructor(readonly withdrawalId: string) {
    super(`withdrawal ${withdrawalId} was modified concurrently`);
    this.name = 'ConcurrentModificationError';
  }
}
