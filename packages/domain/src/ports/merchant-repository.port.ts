import type { Merchant } from '../merchant/merchant.js';

export interface MerchantRepository {
  /**
   * Inserts the merchant, or replaces its settings by id: name, payouts flag, approval threshold and fee overrides
   * (its wallet and creation time stay as first saved). Takes no lock itself: a unit that saves what it read locks
   * the merchant first (lockById), or the later of two such units would undo the earlier's change.
   */
  save(merchant: Merchant): Promise<void>;
  /** The merchant as stored, with the unit's own writes inside one. */
  findById(id: string): Promise<Merchant | null>;
  /**
   * The merchant as stored, held until the unit ends (`SELECT … FOR UPDATE`): units that lock one merchant run
   * their decisions one after another, each reading what the one before committed. It also serialises the
   * decisions on the merchant's webhook endpoint, which has no row of its own before it is first set.
   */
  lockById(id: string): Promise<Merchant | null>;
}
