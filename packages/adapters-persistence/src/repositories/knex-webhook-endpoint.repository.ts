import type { FieldCipher, WebhookEndpoint, WebhookEndpointRepository, WebhookSecret } from '@payout/domain';
import { readPrepared } from '../sql/connection.js';
import { type Db, isUuid } from './columns.js';

interface EndpointRow {
  id: string;
  merchant_id: string;
  url: string;
  secrets_ciphertext: string;
  disabled: boolean;
  created_at: Date;
  updated_at: Date;
}

interface StoredSecret {
  readonly secret: string;
  readonly expiresAt: string | null;
}

const FIND_BY_MERCHANT = {
  name: 'webhook_endpoint_by_merchant',
  text: 'SELECT * FROM webhook_endpoints WHERE merchant_id = $1',
};

export class KnexWebhookEndpointRepository implements WebhookEndpointRepository {
  constructor(
    private readonly db: Db,
    private readonly cipher: FieldCipher,
  ) {}

  /** The merchant has one endpoint: saving one with a new id replaces the old one. */
  async save(endpoint: WebhookEndpoint): Promise<void> {
    const stored: StoredSecret[] = endpoint.secrets.map((s) => ({
      secret: s.secret,
      expiresAt: s.expiresAt?.toISOString() ?? null,
    }));
    const row: EndpointRow = {
      id: endpoint.id,
      merchant_id: endpoint.merchantId,
      url: endpoint.url,
      secrets_ciphertext: this.cipher.encrypt(JSON.stringify(stored)),
      disabled: endpoint.disabled,
      created_at: endpoint.createdAt,
      updated_at: endpoint.updatedAt,
    };
    await this.db('webhook_endpoints')
      .where({ merchant_id: endpoint.merchantId })
      .andWhereNot({ id: endpoint.id })
      .delete();
    await this.db('webhook_endpoints')
      .insert(row)
      .onConflict('id')
      .merge(['url', 'secrets_ciphertext', 'disabled', 'updated_at']);
  }

  async findByMerchant(merchantId: string): Promise<WebhookEndpoint | null> {
    if (!isUuid(merchantId)) return null;
    const [row] = await readPrepared<EndpointRow>(this.db, FIND_BY_MERCHANT, [merchantId]);
    if (!row) return null;
    const stored = JSON.parse(this.cipher.decrypt(row.secrets_ciphertext)) as StoredSecret[];
    const secrets: WebhookSecret[] = stored.map((s) => ({
      secret: s.secret,
      expiresAt: s.expiresAt === null ? null : new Date(s.expiresAt),
    }));
    return {
      id: row.id,
      merchantId: row.merchant_id,
      url: row.url,
      secrets,
      disabled: row.disabled,
      createdAt: row.created_at,
      updatedAt: row.updated_at,
    };
  }
}
