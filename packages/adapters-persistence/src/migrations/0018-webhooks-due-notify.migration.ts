import type { Knex } from 'knex';

/**
 * A committed webhook event wakes the workers' delivery at once: every INSERT into `webhook_deliveries` notifies
 * `payout_webhooks_due`, in the inserting transaction, so PostgreSQL delivers the notification only if it commits
 * (and folds a transaction's notifications into one). The workers LISTEN on their own connection; their idle look
 * at the queue still finds anything a lost notification leaves behind.
 */
export const up = async (knex: Knex): Promise<void> => {
  await knex.raw(`
    CREATE FUNCTION payout_notify_webhooks_due() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM pg_notify('payout_webhooks_due', '');
      RETURN NULL;
    END $$;
    CREATE TRIGGER webhook_deliveries_due AFTER INSERT ON webhook_deliveries
      FOR EACH STATEMENT EXECUTE FUNCTION payout_notify_webhooks_due();
  `);
};

export const down = async (knex: Knex): Promise<void> => {
  await knex.raw(`
    DROP TRIGGER webhook_deliveries_due ON webhook_deliveries;
    DROP FUNCTION payout_notify_webhooks_due();
  `);
};
