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
  /**
   * The account as a payout's debit decides on it, share-locked to the end of the transaction: marking it unusable
   * (an update) waits for a debit holding it to commit, and a debit after the marking reads it marked. Only in a
   * unit of work; null when it does not exist.
   */
  lockForPayout(id: string): Promise<LinkedAccount | null>;
  /** The account locked for an update (a correction, marking it unusable, reinstating it). Only in a unit of work. */
  lockById(id: string): Promise<LinkedAccount | null>;
  /**
   * Writes what changes after linking (destination, last four digits, `unusable`, `correctedAt`, `eventSequence`)
   * of an account locked in the same unit of work; sensitive destination fields stay encrypted.
   */
  update(account: LinkedAccount): Promise<void>;
}
