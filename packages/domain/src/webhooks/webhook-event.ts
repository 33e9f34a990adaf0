import type { WebhookStatus } from '../withdrawal/withdrawal-status.js';
import type { WebhookBody } from './webhook-body.js';

export type DeliveryState = 'PENDING' | 'DELIVERED' | 'FAILED' | 'ENDPOINT_DISABLED' | 'NO_ENDPOINT';

/** One event per status change; its id is the `webhook-id` header, the same on every retry. */
export interface WebhookEvent {
  readonly id: string;
  readonly merchantId: string;
  readonly withdrawalId: string;
  readonly sequence: number;
  readonly status: WebhookStatus;
  readonly body: WebhookBody;
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
