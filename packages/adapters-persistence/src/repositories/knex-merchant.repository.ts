import type { FeeOverrides, Merchant, MerchantRepository } from '@payout/domain';
import { type Db, isUuid, money } from './columns.js';

export interface MerchantRow {
  id: string;
  name: string;
  payouts_enabled: boolean;
  approval_threshold: string;
  fee_overrides: FeeOverrides;
  wallet_id: string;
  created_at: Date;
}

export const toMerchant = (row: MerchantRow): Merchant => ({
  id: row.id,
  name: row.name,
  payoutsEnabled: row.payouts_enabled,
  approvalThreshold: money(row.approval_threshold),
  feeOverrides: row.fee_overrides,
  walletId: row.wallet_id,
  createdAt: row.created_at,
});

export class KnexMerchantRepository implements MerchantRepository {
  constructor(private readonly db: Db) {}

  async save(merchant: Merchant): Promise<void> {
    const row: MerchantRow = {
      id: merchant.id,
      name: merchant.name,
      payouts_enabled: merchant.payoutsEnabled,
      approval_threshold: merchant.approvalThreshold.toString(),
      fee_overrides: merchant.feeOverrides,
      wallet_id: merchant.walletId,
      created_at: merchant.createdAt,
    };
    await this.db('merchants')
      .insert({ ...row, fee_overrides: JSON.stringify(row.fee_overrides) })
      .onConflict('id')
      .merge(['name', 'payouts_enabled', 'approval_threshold', 'fee_overrides']);
  }

  async findById(id: string): Promise<Merchant | null> {
    if (!isUuid(id)) return null;
    const row = await this.db<MerchantRow>('merchants').where({ id }).first();
    return row ? toMerchant(row) : null;
  }

  async lockById(id: string): Promise<Merchant | null> {
    if (!isUuid(id)) return null;
    const row = await this.db<MerchantRow>('merchants').where({ id }).forUpdate().first();
    return row ? toMerchant(row) : null;
  }
}
