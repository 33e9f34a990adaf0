import type { Knex } from 'knex';

/**
 * Two more indexes no query reads: withdrawals and webhook events by (merchant, creation time). Every insert,
 * and every update that moves a row's due time (all of a withdrawal's and an event's updates: the due time is
 * indexed, so none is a heap-only update), paid an entry in each. Merchants are never deleted, so their foreign
 * keys need no index on this side. A future listing by merchant adds the index its query reads.
 */
export const up = async (knex: Knex): Promise<void> => {
  await knex.raw(`
    DROP INDEX withdrawals_merchant_idx;
    DROP INDEX webhook_events_merchant_idx;
  `);
};

export const down = async (knex: Knex): Promise<void> => {
  await knex.raw(`
    CREATE INDEX withdrawals_merchant_idx ON withdrawals (merchant_id, created_at);
    CREATE INDEX webhook_events_merchant_idx ON webhook_events (merchant_id, created_at);
  `);
};
