import type { EntityIdentity } from '../entity/entity.js';
import type { RailId } from '../rails/rail-id.js';
import { type WebhookSource, webhookSourceOf } from '../webhooks/webhook-event.js';
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
  /** Inserts a new withdrawal with its history. Fails the unit on a duplicate id. */
  insert(withdrawal: Withdrawal): Promise<void>;
  /** The withdrawal with its history as stored, with the unit's own writes inside one; no lock. */
  findById(id: string): Promise<Withdrawal | null>;
  /**
   * The withdrawal as the webhook-payload lookup needs it, in one read; null when there is none. `id` is spelt as
   * stored (lower case: ids are made canonical where they enter), another spelling finds nothing.
   */
  findWebhookView(id: string): Promise<WithdrawalWebhookView | null>;
  /**
   * The withdrawal to decide on in this unit of work, with its history; null when there is none. Decisions on one
   * withdrawal are serialised, which keeps two workers from moving it at once: a unit commits only having decided
   * on the withdrawal as the units committed before it left it. The adapter may answer from the withdrawal as its
   * process claimed or last committed it and check at commit that it is still so; a unit that decided on a
   * withdrawal changed meanwhile is rolled back and its work run again (UnitOfWork.run), deciding on it as stored.
   */
  lockById(id: string): Promise<Withdrawal | null>;
  /**
   * Writes what a withdrawal's life changes (status, failure, flags, rail reference and provider, attempts,
   * schedule; its parties, rail and amounts, FIXED_WITHDRAWAL_FIELDS, never change) and appends the history entries
   * it has beyond what is stored. A stored sequence other than `expectedSequence` (a lost update) fails the unit
   * with `ConcurrentModificationError`.
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
