import type { Entity } from '../entity/entity.js';
import type { LinkedAccount } from '../linked-account/linked-account.js';
import type { Merchant } from '../merchant/merchant.js';

/** A linked account with the entity that owns it and that entity's merchant. */
export interface LinkedAccountWithOwners {
  readonly account: LinkedAccount;
  readonly entity: Entity;
  readonly merchant: Merchant;
}

export interface LinkedAccountRepository {
  /** Inserts a linked account; sensitive destination fields are stored encrypted by adapters that persist. */
  insert(account: LinkedAccount): Promise<void>;
  /** The account only when it belongs to this entity; another entity's account is indistinguishable from none. */
  findForEntity(id: string, entityId: string): Promise<LinkedAccount | null>;
  findById(id: string): Promise<LinkedAccount | null>;
  /**
   * `findForEntity` with the entity and its merchant, read in one go: the withdrawal hot path needs all three.
   * Null under the same rules as `findForEntity`.
   */
  findWithOwners(id: string, entityId: string): Promise<LinkedAccountWithOwners | null>;
}
