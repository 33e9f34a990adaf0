import type { Knex } from 'knex';

/**
 * The indexes the API's lists read (keyset pages: owner, then creation time and id, newest first or oldest first):
 * a merchant's and an entity's withdrawals, the approval queue, a merchant's webhook events and entities, every
 * merchant, an entity's linked accounts. A page then reads its own rows and no others, however deep it is. New
 * rows land at the right edge of each owner's range (creation time grows), and webhook events are never updated.
 * Migrations 0008 and 0009 dropped indexes no query read; these are read by the lists. An operator's list of all
 * withdrawals with no merchant or entity named has no index of its own (it would cost every withdrawal's
 * insert and update one more entry for a rare read): it sorts the rows its other filters leave.
 */
export const up = async (knex: Knex): Promise<void> => {
  await knex.raw(`
    CREATE INDEX withdrawals_merchant_list_idx ON withdrawals (merchant_id, created_at, id);
    CREATE INDEX withdrawals_entity_list_idx ON withdrawals (entity_id, created_at, id);
    CREATE INDEX withdrawals_awaiting_list_idx ON withdrawals (created_at, id) WHERE status = 'AWAITING_APPROVAL';
    CREATE INDEX webhook_events_merchant_list_idx ON webhook_events (merchant_id, created_at, id);
    CREATE INDEX entities_merchant_list_idx ON entities (merchant_id, created_at, id);
    CREATE INDEX merchants_list_idx ON merchants (created_at, id);
    CREATE INDEX linked_accounts_entity_list_idx ON linked_accounts (entity_id, created_at, id);
  `);
};

export const down = async (knex: Knex): Promise<void> => {
  await knex.raw(`
    DROP INDEX withdrawals_merchant_list_idx;
    DROP INDEX withdrawals_entity_list_idx;
    DROP INDEX withdrawals_awaiting_list_idx;
    DROP INDEX webhook_events_merchant_list_idx;
    DROP INDEX entities_merchant_list_idx;
    DROP INDEX merchants_list_idx;
    DROP INDEX linked_accounts_entity_list_idx;
  `);
};
