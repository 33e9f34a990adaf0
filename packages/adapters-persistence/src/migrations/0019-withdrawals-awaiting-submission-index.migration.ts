import type { Knex } from 'knex';

/**
 * `payout_submissions_unresolved` counts, at every scrape of a worker, the debited withdrawals no rail has accepted
 * after many attempts. The partial index holds only withdrawals awaiting submission (a handful, each briefly, unless
 * a provider stops answering), so the count never reads the table.
 */
export const up = async (knex: Knex): Promise<void> => {
  await knex.raw(
    `CREATE INDEX withdrawals_awaiting_submission_idx ON withdrawals (submit_attempts)
      WHERE status = 'PENDING' AND debited AND rail_reference IS NULL`,
  );
};

export const down = async (knex: Knex): Promise<void> => {
  await knex.raw('DROP INDEX withdrawals_awaiting_submission_idx');
};
