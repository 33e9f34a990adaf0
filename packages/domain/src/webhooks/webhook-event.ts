import type { EntityIdentity } from '../entity/entity.js';
import { RAIL_METHOD } from '../rails/rail-id.js';
import {
  type WebhookStatus,
  type Withdrawal,
  type WithdrawalStatus,
  webhookStatusOf,
} from '../withdrawal/withdrawal.js';
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

export interface WebhookPayload {
  readonly description: string;
  readonly method: string;
  readonly transactionId: string;
  readonly walletId: string;
  readonly entityId: string;
  readonly entityType: string;
  readonly summary: string;
  readonly entry: 'DEBIT' | 'CREDIT';
  readonly amount: number;
  readonly currency: string;
  readonly timestamp: number;
  readonly feeCharged: string;
  readonly reason: string;
  /** Additive fields of docs/product.md §7. */
  readonly sequence: number;
  readonly previousStatus: WebhookStatus | null;
  /** The provider's code for a failure (an ACH R code, an RTP reject reason, a PayPal error), only when known. */
  readonly failureCode?: string;
}

/** The spec's webhook envelope; the same body the webhook-payload lookup returns. */
export interface WebhookBody {
  readonly eventType: 'WITHDRAWAL';
  readonly status: WebhookStatus;
  readonly payload: WebhookPayload;
}

const DESCRIPTIONS: Readonly<Record<WebhookStatus, string>> = {
  PENDING: 'Payment initiated',
  PROCESSING_PAY_OUT: 'Payment accepted by the network, awaiting settlement',
  SUCCESS: 'Payment sent',
  FAILED: 'Payment failed',
};

const previousWebhookStatus = (status: WithdrawalStatus | null): WebhookStatus | null =>
  status === null ? null : webhookStatusOf(status);

/**
 * What a webhook body is made of: the withdrawal's current state, the previous status of its latest change and
 * the entity's type. The webhook-payload lookup reads just these (`WithdrawalRepository.findWebhookView`).
 */
export interface WebhookSource {
  readonly id: string;
  readonly walletId: string;
  readonly rail: Withdrawal['rail'];
  readonly currency: Withdrawal['currency'];
  readonly amount: Withdrawal['amount'];
  readonly fees: Withdrawal['fees'];
  readonly status: WithdrawalStatus;
  readonly failureReason: Withdrawal['failureReason'];
  readonly failureCode: Withdrawal['failureCode'];
  readonly sequence: number;
  /** The previous status of the latest change in the withdrawal's history (null for its first). */
  readonly previousStatus: WithdrawalStatus | null;
  readonly entityId: string;
  readonly entityType: EntityIdentity['entityType'];
}

export const webhookSourceOf = (withdrawal: Withdrawal, entity: EntityIdentity): WebhookSource => ({
  id: withdrawal.id,
  walletId: withdrawal.walletId,
  rail: withdrawal.rail,
  currency: withdrawal.currency,
  amount: withdrawal.amount,
  fees: withdrawal.fees,
  status: withdrawal.status,
  failureReason: withdrawal.failureReason,
  failureCode: withdrawal.failureCode,
  sequence: withdrawal.sequence,
  previousStatus: withdrawal.history[withdrawal.history.length - 1]?.previousStatus ?? null,
  entityId: entity.id,
  entityType: entity.entityType,
});

/** Builds the body for the withdrawal's current state, stamped with `timestamp`. */
export const buildWebhookBody = (
  withdrawal: Withdrawal,
  entity: EntityIdentity,
  timestamp: Date,
): WebhookBody => webhookBodyOf(webhookSourceOf(withdrawal, entity), timestamp);

/** The body for `source`, stamped with `timestamp`. */
export function webhookBodyOf(source: WebhookSource, timestamp: Date): WebhookBody {
  const status = webhookStatusOf(source.status);
  return {
    eventType: 'WITHDRAWAL',
    status,
    payload: {
      description: DESCRIPTIONS[status],
      method: RAIL_METHOD[source.rail],
      transactionId: source.id,
      walletId: source.walletId,
      entityId: source.entityId,
      entityType: source.entityType,
      summary: `Withdrawal of ${source.amount.toString()} ${source.currency} via ${source.rail}`,
      entry: 'DEBIT',
      amount: source.amount.toJsonNumber(),
      currency: source.currency,
      timestamp: timestamp.getTime(),
      feeCharged: source.fees.toString(),
      reason: status === 'FAILED' ? (source.failureReason ?? '') : '',
      sequence: source.sequence,
      previousStatus: previousWebhookStatus(source.previousStatus),
      ...(status === 'FAILED' && source.failureCode ? { failureCode: source.failureCode } : {}),
    },
  };
}
