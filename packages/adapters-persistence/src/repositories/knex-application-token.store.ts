import type {
  ApplicationToken,
  ApplicationTokenPurpose,
  ApplicationTokenStatus,
  ApplicationTokenStore,
  WithdrawalSource,
} from '@payout/domain';
import { exactlyOne, type SqlWriter } from '../batched-transactions/sql-write.js';
import { updateStatement } from '../sql/sql-statement.js';
import { type Db, isUuid, moneyOrNull } from './columns.js';

interface ApplicationTokenRow {
  id: string;
  token_hash: string;
  merchant_id: string;
  entity_id: string;
  purpose: ApplicationTokenPurpose;
  amount: string | null;
  withdrawal_source: WithdrawalSource;
  expires_at: Date;
  status: ApplicationTokenStatus;
  created_at: Date;
}

const toToken = (row: ApplicationTokenRow): ApplicationToken => ({
  id: row.id,
  tokenHash: row.token_hash,
  merchantId: row.merchant_id,
  entityId: row.entity_id,
  purpose: row.purpose,
  amount: moneyOrNull(row.amount),
  withdrawalSource: row.withdrawal_source,
  expiresAt: row.expires_at,
  status: row.status,
  createdAt: row.created_at,
});

export class KnexApplicationTokenStore implements ApplicationTokenStore {
  constructor(
    private readonly db: Db,
    private readonly writer: SqlWriter,
  ) {}

  async insert(token: ApplicationToken): Promise<void> {
    const row: ApplicationTokenRow = {
      id: token.id,
      token_hash: token.tokenHash,
      merchant_id: token.merchantId,
      entity_id: token.entityId,
      purpose: token.purpose,
      amount: token.amount?.toString() ?? null,
      withdrawal_source: token.withdrawalSource,
      expires_at: token.expiresAt,
      status: token.status,
      created_at: token.createdAt,
    };
    await this.db('application_tokens').insert(row);
  }

  async findByHash(tokenHash: string): Promise<ApplicationToken | null> {
    const row = await this.db<ApplicationTokenRow>('application_tokens')
      .where({ token_hash: tokenHash })
      .first();
    return row ? toToken(row) : null;
  }

  findById(id: string): Promise<ApplicationToken | null> {
    return this.one(id, false);
  }

  lockById(id: string): Promise<ApplicationToken | null> {
    return this.one(id, true);
  }

  async update(token: ApplicationToken): Promise<void> {
    await this.writer.write({
      ...updateStatement('application_tokens', { status: token.status }, { id: token.id }),
      kind: 'update',
      tables: ['application_tokens'],
      expect: exactlyOne(`application token ${token.id} does not exist`),
    });
  }

  private async one(id: string, lock: boolean): Promise<ApplicationToken | null> {
    if (!isUuid(id)) return null;
    const query = this.db<ApplicationTokenRow>('application_tokens').where({ id });
    const row = await (lock ? query.forUpdate() : query).first();
    return row ? toToken(row) : null;
  }
}
