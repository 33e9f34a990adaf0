import type { Knex } from 'knex';
import type { OnlineSteps } from './online-migration.js';

/**
 * The operator's CSV reports (docs/reconciliation.md#reports) read in keyset batches: every merchant's withdrawals
 * of a date range by (created_at, id), and a provider-day's records by provider id. Without these indexes each
 * batch would sort the whole range again. The records' index by (provider, day, provider_id) also serves every
 * read the one it replaces (provider, day) served. Both are built concurrently beside the traffic, outside a
 * transaction, so a rerun after a cut build finishes it.
 */
export const config = { transaction: false };

export const up = async (knex: Knex, steps: OnlineSteps): Promise<void> => {
  await steps.indexConcurrently('withdrawals_created_list_idx', 'ON withdrawals (created_at, id)');
  await steps.indexConcurrently(
    'provider_records_day_list_idx',
    'ON provider_records (provider, day, provider_id)',
  );
  await knex.raw('DROP INDEX CONCURRENTLY IF EXISTS provider_records_day_idx');
};

export const down = async (knex: Knex, steps: OnlineSteps): Promise<void> => {
  await steps.indexConcurrently('provider_records_day_idx', 'ON provider_records (provider, day)');
  await knex.raw('DROP INDEX CONCURRENTLY IF EXISTS provider_records_day_list_idx');
  await knex.raw('DROP INDEX CONCURRENTLY IF EXISTS withdrawals_created_list_idx');
};
