import { createHmac } from 'node:crypto';
import type { RailWebhookRequest } from '@payout/domain';

export const WEBHOOK_KEY = 'mt_webhook_key_do_not_log';

/**
 * A payment order webhook as Modern Treasury sends it (`{"event":…,"data":<the payment order>}`, topic
 * `payment_order`), signed in `X-Signature` with `key`.
 */
export function signedPaymentOrderEvent(
  paymentOrderId: string,
  event = 'completed',
  key = WEBHOOK_KEY,
): RailWebhookRequest {
  const body = JSON.stringify({
    event,
    data: { id: paymentOrderId, object: 'payment_order', type: 'ach', status: event, live_mode: false },
  });
  return signedModernTreasuryBody(body, key);
}

export function signedModernTreasuryBody(body: string, key = WEBHOOK_KEY): RailWebhookRequest {
  return {
    rawBody: Buffer.from(body),
    headers: {
      'x-signature': createHmac('sha256', key).update(body).digest('hex'),
      'x-topic': 'payment_order',
      'x-webhook-id': 'c8f8f2f6-4b7f-4f31-a3b5-2a0c8e9d7f10',
    },
  };
}
