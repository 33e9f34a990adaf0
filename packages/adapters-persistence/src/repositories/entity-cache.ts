import type { Entity } from '@payout/domain';

/** Entities one process keeps at most: those of the withdrawals in flight, and more. */
const CAPACITY = 10_000;

/**
 * Entities as the process has read them, by id. An entity never changes once inserted (the port has no update),
 * so a remembered one is the stored one: a status change's webhook body takes its entity from here instead of
 * reading it inside the transaction. Filled by the reads that return entities anyway (an account with its
 * owners, claimed withdrawals); the oldest go first when it is full.
 */
export class EntityCache {
  private readonly entities = new Map<string, Entity>();

  constructor(private readonly capacity = CAPACITY) {}

  get(id: string): Entity | undefined {
    return this.entities.get(id.toLowerCase());
  }

  remember(entity: Entity): Entity {
    const id = entity.id.toLowerCase();
    if (this.entities.has(id)) return entity;
    if (this.entities.size >= this.capacity)
      this.entities.delete(this.entities.keys().next().value as string);
    this.entities.set(id, entity);
    return entity;
  }
}
