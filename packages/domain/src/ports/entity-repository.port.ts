import type { Entity, EntityIdentity } from '../entity/entity.js';

export interface EntityRepository {
  /** Inserts the entity. Throws on a duplicate id. */
  insert(entity: Entity): Promise<void>;
  /** The entity as stored now; null when there is none. */
  findById(id: string): Promise<Entity | null>;
  /**
   * The entity's identity (EntityIdentity: fields no port changes and the store refuses to change); null when there
   * is none. May be answered from a copy the process read before, at no cost in a unit of work: what a status
   * change's webhook body reads of its entity.
   */
  findIdentity(id: string): Promise<EntityIdentity | null>;
}
