import type { Knex } from 'knex';

/**
 * The events table is the webhook delivery queue: workers claim PENDING events by next attempt time. The
 * partial index holds only events still to deliver, so it stays small however many were delivered.
 */
export const up = async (knex: Knex): Promise<void> => {
  await knex.raw(`
    CREATE INDEX webhook_events_due_idx ON webhook_events (next_attempt_at) WHERE delivery_state = 'PENDING';
  `);
};

export const down = async (knex: Knex): Promise<void> => {
  await knex.raw('DROP INDEX webhook_events_due_idx;');
};
