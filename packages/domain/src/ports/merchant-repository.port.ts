import type { Merchant } from '../merchant/merchant.js';

export interface MerchantRepository {
  /** Inserts or replaces the merchant by id. */
  save(merchant: Merchant): Promise<void>;
  findById(id: string): Promise<Merchant | null>;
}
