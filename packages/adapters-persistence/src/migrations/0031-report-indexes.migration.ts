import type { Knex } from 'knex';

/**
 * The operator's CSV reports (docs/reconciliation.md#reports) read in keyset batches: every merchant's withdrawals
 * of a date range by (created_at, id), and a provider-day's records by provider id. Without these indexes each
 * batch would sort the whole range again. The records' index by (provider, day, provider_id) also serves every
 * read the one it replaces (provider, day) served. Building the withdrawals' index reads the table once while
 * holding writes to it (as 0019's did).
 */
export const up = async (knex: Knex): Promise<void> => {
  await knex.raw(`
    CREATE INDEX withdrawals_created_list_idx ON withdrawals (created_at, id);
    CREATE INDEX provider_records_day_list_idx ON provider_records (provider, day, provider_id);
    DROP INDEX provider_records_day_idx;
  `);
};

export const down = async (knex: Knex): Promise<void> => {
  await knex.raw(`
    CREATE INDEX provider_records_day_idx ON provider_records (provider, day);
    DROP INDEX provider_records_day_list_idx;
    DROP INDEX withdrawals_created_list_idx;
  `);
};
