import type { Knex } from 'knex';

/**
 * Corrections applied and dead accounts stopped (issue 43). A linked account keeps whether a return marked it
 * unusable (when, the provider's code, the withdrawal), when its latest correction was recorded by its provider
 * (an ACH Notification of Change), and how many account events it has had. Those events are webhook events of
 * their own (`LINKED_ACCOUNT`): an event names one withdrawal or one linked account, its sequence numbering that
 * one's events, and the status list grows by the account's three. Added columns carry no default but the counter's
 * (a constant, stored once), so nothing is rewritten; the new constraints are NOT VALID (every row before them has a
 * withdrawal and one of its statuses), and the two partial indexes hold no rows yet, though each build reads its
 * table once while holding writes to it.
 */
export const up = async (knex: Knex): Promise<void> => {
  await knex.raw(`
    ALTER TABLE linked_accounts
      ADD COLUMN unusable_at timestamptz,
      ADD COLUMN unusable_code text CHECK (char_length(unusable_code) <= 255),
      ADD COLUMN unusable_withdrawal_id uuid,
      ADD COLUMN corrected_at timestamptz,
      ADD COLUMN event_sequence integer NOT NULL DEFAULT 0 CHECK (event_sequence >= 0);
    CREATE INDEX linked_accounts_unusable_idx ON linked_accounts (created_at, id) WHERE unusable_at IS NOT NULL;
    ALTER TABLE webhook_events
      ALTER COLUMN withdrawal_id DROP NOT NULL,
      ADD COLUMN linked_account_id uuid,
      ADD CONSTRAINT webhook_events_linked_account_id_fkey
        FOREIGN KEY (linked_account_id) REFERENCES linked_accounts (id) NOT VALID,
      ADD CONSTRAINT webhook_events_one_subject
        CHECK ((withdrawal_id IS NULL) <> (linked_account_id IS NULL)) NOT VALID,
      DROP CONSTRAINT webhook_events_status_check,
      ADD CONSTRAINT webhook_events_status_check CHECK (status IN
        ('PENDING', 'PROCESSING_PAY_OUT', 'SUCCESS', 'FAILED', 'CORRECTED', 'UNUSABLE', 'USABLE')) NOT VALID;
    CREATE UNIQUE INDEX webhook_events_one_per_account_change ON webhook_events (linked_account_id, sequence)
      WHERE linked_account_id IS NOT NULL;
  `);
};

export const down = async (knex: Knex): Promise<void> => {
  await knex.raw(`
    DELETE FROM webhook_events WHERE linked_account_id IS NOT NULL;
    DROP INDEX webhook_events_one_per_account_change;
    ALTER TABLE webhook_events
      DROP CONSTRAINT webhook_events_status_check,
      ADD CONSTRAINT webhook_events_status_check
        CHECK (status IN ('PENDING', 'PROCESSING_PAY_OUT', 'SUCCESS', 'FAILED')),
      DROP CONSTRAINT webhook_events_one_subject,
      DROP COLUMN linked_account_id,
      ALTER COLUMN withdrawal_id SET NOT NULL;
    DROP INDEX linked_accounts_unusable_idx;
    ALTER TABLE linked_accounts
      DROP COLUMN unusable_at, DROP COLUMN unusable_code, DROP COLUMN unusable_withdrawal_id,
      DROP COLUMN corrected_at, DROP COLUMN event_sequence;
  `);
};
