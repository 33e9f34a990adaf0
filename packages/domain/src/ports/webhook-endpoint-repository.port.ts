import type { WebhookEndpoint } from '../webhooks/webhook-endpoint.js';

export interface WebhookEndpointRepository {
  /** Inserts or replaces the merchant's one endpoint (unique per merchant); secrets are encrypted at rest. */
  save(endpoint: WebhookEndpoint): Promise<void>;
  findByMerchant(merchantId: string): Promise<WebhookEndpoint | null>;
}
