import type { WebhookEndpoint } from '../webhooks/webhook-endpoint.js';

export interface WebhookEndpointRepository {
  /**
   * Stores the merchant's one endpoint: one with a new id replaces the merchant's other; saved again, an endpoint's
   * url, secrets, disabled flag and update time are replaced (its merchant and creation time stay). Secrets are
   * encrypted at rest. No lock is taken here: a unit that saves what it read locks the endpoint's merchant first
   * (MerchantRepository.lockById), so that a rotation is never undone by a save from an older read.
   */
  save(endpoint: WebhookEndpoint): Promise<void>;
  /** The merchant's endpoint as stored, with the unit's own writes inside one; null when it has none. */
  findByMerchant(merchantId: string): Promise<WebhookEndpoint | null>;
}
