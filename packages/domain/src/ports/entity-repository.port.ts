import type { Entity } from '../entity/entity.js';

export interface EntityRepository {
  /** Inserts the entity. Throws on a duplicate id. */
  insert(entity: Entity): Promise<void>;
  findById(id: string): Promise<Entity | null>;
}
