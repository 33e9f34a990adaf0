export type EntityType = 'USER' | 'BUSINESS';
export const ENTITY_TYPES: readonly EntityType[] = ['USER', 'BUSINESS'];

/** An end user or business of one merchant, with exactly one SPEND wallet. */
export interface Entity {
  readonly id: string;
  readonly merchantId: string;
  readonly entityType: EntityType;
  readonly email: string;
  readonly externalIdentifier: string | null;
  readonly walletId: string;
  readonly createdAt: Date;
}

/**
 * What an entity is made as and stays: its id, merchant, type and SPEND wallet. No port changes them and the store
 * refuses to, so a copy read at any time is the entity's as stored now (EntityRepository.findIdentity).
 */
export type EntityIdentity = Pick<Entity, 'id' | 'merchantId' | 'entityType' | 'walletId'>;

/** The identity of `entity`, and nothing else of it. */
export const entityIdentity = (entity: EntityIdentity): EntityIdentity => ({
  id: entity.id,
  merchantId: entity.merchantId,
  entityType: entity.entityType,
  walletId: entity.walletId,
});
