import type { WebhookStatus } from '../withdrawal/withdrawal-status.js';
import type { LinkedAccountEventStatus } from './linked-account-event.js';

export type DeliveryState = 'PENDING' | 'DELIVERED' | 'FAILED' | 'ENDPOINT_DISABLED' | 'NO_ENDPOINT';

/** A withdrawal event's status (`WITHDRAWAL`), or a linked account event's (`LINKED_ACCOUNT`). */
export type WebhookEventStatus = WebhookStatus | LinkedAccountEventStatus;

/**
 * One event per status change of a withdrawal, or per change of a linked account after linking; its id is the
 * `webhook-id` header, the same on every retry. Exactly one of `withdrawalId` and `linkedAccountId` is set, and
 * `sequence` numbers the events of that withdrawal or that account.
 */
export interface WebhookEvent {
  readonly id: string;
  readonly merchantId: string;
  readonly withdrawalId: string | null;
  readonly linkedAccountId: string | null;
  readonly sequence: number;
  readonly status: WebhookEventStatus;
  /**
   * The body as JSON text (a `WebhookBody`), made once when the status changed: every attempt sends and signs it
   * as the repository returns it, so a worker neither parses nor serialises it per delivery. A repository returns
   * it byte for byte as stored, so that a retry sends what the first attempt sent (a receiver may compare bodies).
   */
  readonly body: string;
  readonly createdAt: Date;
  readonly deliveryState: DeliveryState;
  readonly attempts: number;
  readonly nextAttemptAt: Date | null;
  readonly deliveredAt: Date | null;
}

/** Every delivery attempt is recorded: time, status code, latency. */
export interface WebhookAttempt {
  readonly id: string;
  readonly eventId: string;
  readonly attempt: number;
  readonly attemptedAt: Date;
  readonly statusCode: number | null;
  readonly latencyMs: number;
  readonly error: string | null;
  readonly succeeded: boolean;
}
