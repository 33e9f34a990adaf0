import type { Knex } from 'knex';

/**
 * An event's body is kept as the exact text its first attempt sends (`json`, which PostgreSQL stores as given and
 * still checks is JSON), so that every retry sends the same bytes; `jsonb` kept a parsed form whose text has its
 * keys reordered and spaces added, so retries differed from the first attempt (signed alike, but a receiver that
 * compares or stores raw bodies saw two events).
 * An upgrade rewrites `webhook_events`, holding it locked meanwhile (status changes, claims and deliveries wait; its
 * time grows with the events kept). Each existing body becomes the text its `jsonb` gave, the text its retries have
 * been sending already; events inserted afterwards keep the text their first attempt sent. Running processes, of
 * this version or the one before, go on working: they write a body as text and read it as text. A connection that
 * prepared the event insert before the upgrade still binds its body as `jsonb`, and stores it as the version before
 * did, until its process is replaced by the new version.
 * Down converts the bodies back to `jsonb`, reordering them again.
 */
export const up = async (knex: Knex): Promise<void> => {
  await knex.raw('ALTER TABLE webhook_events ALTER COLUMN body TYPE json USING body::json');
};

export const down = async (knex: Knex): Promise<void> => {
  await knex.raw('ALTER TABLE webhook_events ALTER COLUMN body TYPE jsonb USING body::jsonb');
};
