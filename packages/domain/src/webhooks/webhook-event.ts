import type { WebhookStatus } from '../withdrawal/withdrawal-status.js';

export type DeliveryState = 'PENDING' | 'DELIVERED' | 'FAILED' | 'ENDPOINT_DISABLED' | 'NO_ENDPOINT';

/** One event per status change; its id is the `webhook-id` header, the same on every retry. */
export interface WebhookEvent {
  readonly id: string;
  readonly merchantId: string;
  readonly withdrawalId: string;
  readonly sequence: number;
  readonly status: WebhookStatus;
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
