import type { WebhookAttempt, WebhookEvent } from '../webhooks/webhook-event.js';

export interface WebhookEventRepository {
  /** Inserts an event. Unique on (withdrawalId, sequence): a status change never yields two events. */
  insert(event: WebhookEvent): Promise<void>;
  findById(id: string): Promise<WebhookEvent | null>;
  /** Reads and holds the event until the unit of work ends, so two workers never deliver one attempt twice. */
  lockById(id: string): Promise<WebhookEvent | null>;
  /** Writes delivery state, attempts, next attempt and delivered time. Only on an event locked in the same unit of work. */
  update(event: WebhookEvent): Promise<void>;
  /** The event with the highest sequence for the withdrawal, or null when it has none. */
  latestForWithdrawal(withdrawalId: string): Promise<WebhookEvent | null>;
  /** The withdrawal's events in sequence order. */
  listForWithdrawal(withdrawalId: string): Promise<readonly WebhookEvent[]>;
  recordAttempt(attempt: WebhookAttempt): Promise<void>;
  /**
   * The delivery queue: claims up to `limit` PENDING events whose next attempt is due at `now`, earliest due
   * first, by moving their next attempt to `leaseUntil`, and returns them as claimed. Concurrent callers, in
   * any process, never claim the same event; an event whose claimer died is due again when the lease ends.
   * One statement, atomic by itself: callers run it on `read` (no transaction of its own to begin and commit).
   */
  claimDue(now: Date, leaseUntil: Date, limit: number): Promise<readonly WebhookEvent[]>;
  /** Attempts of an event, oldest first. */
  attempts(eventId: string): Promise<readonly WebhookAttempt[]>;
}
