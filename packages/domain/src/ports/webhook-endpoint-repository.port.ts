import type { WebhookEndpoint } from '../webhooks/webhook-endpoint.js';

export interface WebhookEndpointRepository {
  /**
   * Stores the merchant's one endpoint: one with a new id replaces the merchant's other; saved again, an endpoint's
   * url, secrets, disabled flag and update time are replaced (its merchant and creation time stay). Secrets are
   * encrypted at rest. No lock is taken: of two units that read and save one endpoint at once, the later save wins.
   */
  save(endpoint: WebhookEndpoint): Promise<void>;
  /** The merchant's endpoint as stored, with the unit's own writes inside one; null when it has none. */
  findByMerchant(merchantId: string): Promise<WebhookEndpoint | null>;
}
