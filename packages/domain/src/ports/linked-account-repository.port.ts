import type { LinkedAccount } from '../linked-account/linked-account.js';

export interface LinkedAccountRepository {
  /** Inserts a linked account; sensitive destination fields are stored encrypted by adapters that persist. */
  insert(account: LinkedAccount): Promise<void>;
  /** The account only when it belongs to this entity; another entity's account is indistinguishable from none. */
  findForEntity(id: string, entityId: string): Promise<LinkedAccount | null>;
  findById(id: string): Promise<LinkedAccount | null>;
}
