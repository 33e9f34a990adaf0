import type { Merchant } from '../merchant/merchant.js';

export interface MerchantRepository {
  /**
   * Inserts the merchant, or replaces its settings by id: name, payouts flag, approval threshold and fee overrides
   * (its wallet and creation time stay as first saved). No lock is taken: of two units that read and save one
   * merchant at once, the later save wins.
   */
  save(merchant: Merchant): Promise<void>;
  /** The merchant as stored, with the unit's own writes inside one. */
  findById(id: string): Promise<Merchant | null>;
}
