import {
  type Entity,
  type EntityIdentity,
  type EntityRepository,
  type EntityType,
  entityIdentity,
} from '@payout/domain';
import type { FixedRows } from '../batched-transactions/known-rows.js';
import { type PreparedRead, readPrepared } from '../sql/connection.js';
import { type Db, isUuid } from './columns.js';

export interface EntityRow {
  id: string;
  merchant_id: string;
  entity_type: EntityType;
  email: string;
  external_identifier: string | null;
  wallet_id: string;
  created_at: Date;
}

export const toEntity = (row: EntityRow): Entity => ({
  id: row.id,
  merchantId: row.merchant_id,
  entityType: row.entity_type,
  email: row.email,
  externalIdentifier: row.external_identifier,
  walletId: row.wallet_id,
  createdAt: row.created_at,
});

/** Beside the held writes: entities are written at once, never among them (PreparedRead.besideHeldWrites). */
const FIND_ENTITY: PreparedRead = {
  name: 'entity_by_id',
  text: 'SELECT * FROM entities WHERE id = $1',
  besideHeldWrites: true,
};

export class KnexEntityRepository implements EntityRepository {
  constructor(
    private readonly db: Db,
    /** The identities of entities the process has read (ProcessRows): fields the store refuses to change. */
    private readonly known: FixedRows<EntityIdentity>,
  ) {}

  async insert(entity: Entity): Promise<void> {
    const row: EntityRow = {
      id: entity.id,
      merchant_id: entity.merchantId,
      entity_type: entity.entityType,
      email: entity.email,
      external_identifier: entity.externalIdentifier,
      wallet_id: entity.walletId,
      created_at: entity.createdAt,
    };
    await this.db('entities').insert(row);
  }

  async findById(id: string): Promise<Entity | null> {
    if (!isUuid(id)) return null;
    const [row] = await readPrepared<EntityRow>(this.db, FIND_ENTITY, [id]);
    if (!row) return null;
    const entity = toEntity(row);
    this.known.remember(entityIdentity(entity));
    return entity;
  }

  async findIdentity(id: string): Promise<EntityIdentity | null> {
    if (!isUuid(id)) return null;
    return this.known.get(id) ?? (await this.findById(id).then((entity) => entity && entityIdentity(entity)));
  }
}
