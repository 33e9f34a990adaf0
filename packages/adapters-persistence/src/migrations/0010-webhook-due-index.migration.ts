import type { Knex } from 'knex';

/**
 * The webhook due index holds the events that have a next attempt (`next_attempt_at IS NOT NULL`: only PENDING
 * ones do) rather than those whose state is PENDING. An outcome's update names the event by id and checks that it
 * is still PENDING; with statistics taken while few events were pending (a steady state: nearly all delivered),
 * the planner read that check as the old index's predicate and scanned the index, every event due, for the one
 * id, a cost that grows with the backlog a stalled endpoint leaves. Nothing but the claim, which orders by `next_attempt_at`, can match
 * the new predicate. (Before it runs, a DELIVERED or FAILED event with a due time left would only be read past.)
 */
export const up = async (knex: Knex): Promise<void> => {
  await knex.raw(`
    CREATE INDEX webhook_events_due_0010_idx ON webhook_events (next_attempt_at) WHERE next_attempt_at IS NOT NULL;
    DROP INDEX webhook_events_due_idx;
    ALTER INDEX webhook_events_due_0010_idx RENAME TO webhook_events_due_idx;
  `);
};

export const down = async (knex: Knex): Promise<void> => {
  await knex.raw(`
    DROP INDEX webhook_events_due_idx;
    CREATE INDEX webhook_events_due_idx ON webhook_events (next_attempt_at) WHERE delivery_state = 'PENDING';
  `);
};
