import type { Knex } from 'knex';

/**
 * An event's delivery (state, attempts, next attempt, delivered time) moves out of `webhook_events` into a narrow
 * table of its own, one row per event. The event row (its body most of it) is then written once, when the status
 * change records it; the claim's lease and the outcome, which both move the indexed next attempt and so can never
 * be heap-only updates, rewrite a row of some 90 bytes with two index entries instead of the whole event with
 * three or four. The copy of `merchant_id` is the claim's: it spreads over merchants without reading the events.
 * An attempt's foreign key names the delivery rather than the event: its check locks the row its transaction
 * updates anyway, not the event row, which nothing then writes again (a key-share lock on an event page untouched
 * since the last checkpoint costs a full page image in the WAL).
 * Existing events keep their delivery as it was. The copy holds `webhook_events` locked from the start: an event a process of the version before inserted or delivered while it
 * ran would otherwise be missed by the copy and lose its delivery with the dropped columns. Stop the processes of
 * the version before first: their event writes fail once it has run.
 */
export const up = async (knex: Knex): Promise<void> => {
  await knex.raw(`
    LOCK TABLE webhook_events IN ACCESS EXCLUSIVE MODE;
    CREATE TABLE webhook_deliveries (
      event_id uuid PRIMARY KEY REFERENCES webhook_events (id) ON DELETE CASCADE,
      merchant_id uuid NOT NULL,
      delivery_state text NOT NULL
        CHECK (delivery_state IN ('PENDING', 'DELIVERED', 'FAILED', 'ENDPOINT_DISABLED', 'NO_ENDPOINT')),
      attempts integer NOT NULL CHECK (attempts >= 0),
      next_attempt_at timestamptz,
      delivered_at timestamptz
    );
    INSERT INTO webhook_deliveries (event_id, merchant_id, delivery_state, attempts, next_attempt_at, delivered_at)
      SELECT id, merchant_id, delivery_state, attempts, next_attempt_at, delivered_at FROM webhook_events;
    CREATE INDEX webhook_deliveries_due_idx ON webhook_deliveries (next_attempt_at) WHERE next_attempt_at IS NOT NULL;
    ALTER TABLE webhook_events
      DROP COLUMN delivery_state, DROP COLUMN attempts, DROP COLUMN next_attempt_at, DROP COLUMN delivered_at;
    ALTER TABLE webhook_attempts
      DROP CONSTRAINT webhook_attempts_event_id_fkey,
      ADD CONSTRAINT webhook_attempts_event_id_fkey
        FOREIGN KEY (event_id) REFERENCES webhook_deliveries (event_id) ON DELETE CASCADE;
  `);
};

export const down = async (knex: Knex): Promise<void> => {
  await knex.raw(`
    ALTER TABLE webhook_events
      ADD COLUMN delivery_state text
        CHECK (delivery_state IN ('PENDING', 'DELIVERED', 'FAILED', 'ENDPOINT_DISABLED', 'NO_ENDPOINT')),
      ADD COLUMN attempts integer CHECK (attempts >= 0),
      ADD COLUMN next_attempt_at timestamptz,
      ADD COLUMN delivered_at timestamptz;
    UPDATE webhook_events e
       SET delivery_state = d.delivery_state, attempts = d.attempts,
           next_attempt_at = d.next_attempt_at, delivered_at = d.delivered_at
      FROM webhook_deliveries d WHERE d.event_id = e.id;
    ALTER TABLE webhook_events ALTER COLUMN delivery_state SET NOT NULL, ALTER COLUMN attempts SET NOT NULL;
    ALTER TABLE webhook_attempts
      DROP CONSTRAINT webhook_attempts_event_id_fkey,
      ADD CONSTRAINT webhook_attempts_event_id_fkey
        FOREIGN KEY (event_id) REFERENCES webhook_events (id) ON DELETE CASCADE;
    DROP TABLE webhook_deliveries;
    CREATE INDEX webhook_events_due_idx ON webhook_events (next_attempt_at) WHERE next_attempt_at IS NOT NULL;
  `);
};
