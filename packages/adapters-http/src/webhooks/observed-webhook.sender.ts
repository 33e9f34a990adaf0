import type { WebhookResponse, WebhookSender } from '@payout/domain';
import type { PayoutMetrics } from '../ops/payout-metrics.js';

/**
 * A closed set: `success` (2xx), `gone` (410: the endpoint is disabled), `client_error` (other 4xx), `server_error`
 * (5xx), `no_response` (refused, reset, timed out), `other` (1xx, 3xx).
 */
export function deliveryOutcome(response: WebhookResponse): string {
  const status = response.statusCode;
  if (status === null) return 'no_response';
  if (status >= 200 && status < 300) return 'success';
  if (status === 410) return 'gone';
  if (status >= 400 && status < 500) return 'client_error';
  if (status >= 500) return 'server_error';
  return 'other';
}

/** `sender`, each attempt counted and timed by outcome (`payout_webhook_deliveries_total`, `…_duration_seconds`). */
export function observedWebhookSender(sender: WebhookSender, metrics: PayoutMetrics): WebhookSender {
  return {
    async send(request) {
      const response = await sender.send(request);
      const labels = { outcome: deliveryOutcome(response) };
      metrics.webhookDeliveries.inc(labels);
      metrics.webhookDuration.observe(labels, response.latencyMs / 1000);
      return response;
    },
  };
}
