import type { Knex } from 'knex';

/**
 * Two changes to the webhook delivery queue (issue 6).
 *
 * A claimed event's lease gets a column of its own, which no index holds. Claiming an event used to move
 * `next_attempt_at`, the due index's key, so every claim wrote a new row version and an entry in each of the
 * table's three indexes; setting `leased_until` instead is a heap-only (HOT) update where the row's page has room,
 * which the fill factor leaves for it. The claim then reads past the events still leased (at most what the
 * workers have in flight). Events claimed before this migration keep their lease in `next_attempt_at`, which
 * still holds them back until it has passed.
 *
 * The due index holds the events that have a next attempt (`next_attempt_at IS NOT NULL`: only PENDING ones do)
 * rather than those whose state is PENDING. An outcome's update names the event by id and checks it is still
 * PENDING; with statistics taken while few events were pending, the planner read that check as the old index's
 * predicate and scanned the index, every event due, for the one id: about 1,000 pages an update during a
 * backlog of 30,000 events. Nothing but the claim can match the new predicate.
 */
export const up = async (knex: Knex): Promise<void> => {
  await knex.raw(`
    ALTER TABLE webhook_events ADD COLUMN leased_until timestamptz;
    ALTER TABLE webhook_events SET (fillfactor = 75);
    CREATE INDEX webhook_events_due_0010_idx ON webhook_events (next_attempt_at) WHERE next_attempt_at IS NOT NULL;
    DROP INDEX webhook_events_due_idx;
    ALTER INDEX webhook_events_due_0010_idx RENAME TO webhook_events_due_idx;
  `);
};

export const down = async (knex: Knex): Promise<void> => {
  await knex.raw(`
    UPDATE webhook_events SET next_attempt_at = leased_until
     WHERE leased_until IS NOT NULL AND leased_until > next_attempt_at;
    ALTER TABLE webhook_events DROP COLUMN leased_until;
    ALTER TABLE webhook_events RESET (fillfactor);
    DROP INDEX webhook_events_due_idx;
    CREATE INDEX webhook_events_due_idx ON webhook_events (next_attempt_at) WHERE delivery_state = 'PENDING';
  `);
};
