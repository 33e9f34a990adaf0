import type { Knex } from 'knex';

/**
 * The withdrawals table is the work queue of submissions and status polls: `next_check_at` says when a worker
 * should next look at a withdrawal. The partial index holds only scheduled ones, so it stays small however
 * many withdrawals are final.
 */
export const up = async (knex: Knex): Promise<void> => {
  await knex.raw(`
    ALTER TABLE withdrawals ADD COLUMN next_check_at timestamptz;
    CREATE INDEX withdrawals_due_idx ON withdrawals (next_check_at) WHERE next_check_at IS NOT NULL;
  `);
  // Withdrawals in flight when this runs had their next step in a pg-boss job that no worker takes any more:
  // a check due now lets a worker decide (submit, poll, or unschedule one whose return window has closed).
  await knex.raw(`
    UPDATE withdrawals SET next_check_at = now()
     WHERE (status IN ('PENDING', 'PROCESSING_PAY_OUT') AND debited)
        OR (status = 'SUCCESS' AND updated_at > now() - interval '30 days')
  `);
};

export const down = async (knex: Knex): Promise<void> => {
  await knex.raw('DROP INDEX withdrawals_due_idx; ALTER TABLE withdrawals DROP COLUMN next_check_at;');
};
