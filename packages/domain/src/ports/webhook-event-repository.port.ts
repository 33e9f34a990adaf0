import type { WebhookAttempt, WebhookEvent } from '../webhooks/webhook-event.js';

export interface WebhookEventRepository {
  /**
   * Inserts an event. Unique on (withdrawalId, sequence): a status change never yields two events, and a second
   * fails the unit.
   */
  insert(event: WebhookEvent): Promise<void>;
  /** The event as stored, with the unit's own writes inside one; no lock. */
  findById(id: string): Promise<WebhookEvent | null>;
  /**
   * Reads the event as stored and holds it until the unit of work ends (concurrent lockers wait), so two workers
   * never deliver one attempt twice.
   */
  lockById(id: string): Promise<WebhookEvent | null>;
  /**
   * Writes delivery state, attempts, next attempt and delivered time, all that changes of an event. With
   * `expectedAttempts`, only if the stored event is still PENDING after exactly that many attempts: otherwise the
   * unit fails with `StaleWebhookEventError`, so an attempt recorded on the event as claimed never overwrites one
   * recorded by another worker.
   */
  update(event: WebhookEvent, expectedAttempts?: number): Promise<void>;
  /** The event with the highest sequence for the withdrawal, or null when it has none. */
  latestForWithdrawal(withdrawalId: string): Promise<WebhookEvent | null>;
  /** The withdrawal's events in sequence order. */
  listForWithdrawal(withdrawalId: string): Promise<readonly WebhookEvent[]>;
  /**
   * Records an attempt. Unique on (eventId, attempt): an attempt number another worker recorded first (its lease on
   * the event had run out) fails the unit with `StaleWebhookEventError`.
   */
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

export class StaleWebhookEventError extends Error {
  constructor(readonly eventId: string) {
    super(`webhook event ${eventId} was recorded concurrently`);
    this.name = 'StaleWebhookEventError';
  }
}
