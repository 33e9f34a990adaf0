import type { Entity } from '../entity/entity.js';
import { RAIL_METHOD } from '../rails/rail-id.js';
import type { Withdrawal } from '../withdrawal/withdrawal.js';
import {
  type WebhookStatus,
  type WithdrawalStatus,
  webhookStatusOf,
} from '../withdrawal/withdrawal-status.js';

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
  /** Additive fields of PRODUCT.md §7. */
  readonly sequence: number;
  readonly previousStatus: WebhookStatus | null;
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

/** Builds the body for the withdrawal's current state, stamped with `timestamp`. */
export function buildWebhookBody(withdrawal: Withdrawal, entity: Entity, timestamp: Date): WebhookBody {
  const status = webhookStatusOf(withdrawal.status);
  const latest = withdrawal.history[withdrawal.history.length - 1];
  return {
    eventType: 'WITHDRAWAL',
    status,
    payload: {
      description: DESCRIPTIONS[status],
      method: RAIL_METHOD[withdrawal.rail],
      transactionId: withdrawal.id,
      walletId: withdrawal.walletId,
      entityId: entity.id,
      entityType: entity.entityType,
      summary: `Withdrawal of ${withdrawal.amount.toString()} ${withdrawal.currency} via ${withdrawal.rail}`,
      entry: 'DEBIT',
      amount: withdrawal.amount.toJsonNumber(),
      currency: withdrawal.currency,
      timestamp: timestamp.getTime(),
      feeCharged: withdrawal.fees.toString(),
      reason: status === 'FAILED' ? (withdrawal.failureReason ?? '') : '',
      sequence: withdrawal.sequence,
      previousStatus: previousWebhookStatus(latest?.previousStatus ?? null),
    },
  };
}
