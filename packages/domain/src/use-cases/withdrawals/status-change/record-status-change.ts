import type { IdGenerator } from '../../../ports/id-generator.port.js';
import type { TransactionScope } from '../../../ports/unit-of-work.port.js';
import { buildWebhookBody } from '../../../webhooks/webhook-body.js';
import type { WebhookEvent } from '../../../webhooks/webhook-event.js';
import type { Withdrawal, WithdrawalStatusChange } from '../../../withdrawal/withdrawal.js';
import { webhookStatusOf } from '../../../withdrawal/withdrawal-status.js';

/**
 * Records a status change as its webhook event, due at once, inside the transaction that made the change, so an
 * event exists exactly when the change was committed. The stored events are the delivery queue (DeliverWebhook).
 * Entering AWAITING_APPROVAL is not announced: the spec announces such a withdrawal once approved.
 */
export async function recordStatusChange(
  tx: TransactionScope,
  withdrawal: Withdrawal,
  change: WithdrawalStatusChange,
  now: Date,
  ids: IdGenerator,
): Promise<void> {
  if (change.status === 'AWAITING_APPROVAL') return;
  const entity = await tx.entities.findIdentity(withdrawal.entityId);
  if (!entity) throw new Error(`entity ${withdrawal.entityId} of withdrawal ${withdrawal.id} is missing`);
  const event: WebhookEvent = {
    id: ids.next(),
    merchantId: withdrawal.merchantId,
    withdrawalId: withdrawal.id,
    linkedAccountId: null,
    sequence: change.sequence,
    status: webhookStatusOf(change.status),
    body: JSON.stringify(buildWebhookBody(withdrawal, entity, now)),
    createdAt: now,
    deliveryState: 'PENDING',
    attempts: 0,
    nextAttemptAt: now,
    deliveredAt: null,
  };
  await tx.webhookEvents.insert(event);
}
