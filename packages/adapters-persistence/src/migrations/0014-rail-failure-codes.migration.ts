import type { Knex } from 'knex';

/**
 * Real rails (issue 31): `failure_code` keeps the provider's own code for a failure (an ACH return's R code, an RTP
 * reject reason, a PayPal error name), shown beside the spec's reason as `payload.failureCode`; null for every
 * withdrawal before it and whenever the provider gave none. The partial index finds a withdrawal by the transfer
 * id a provider's webhook names (`rail_reference`); withdrawals not yet submitted are not in it. Adding a column
 * with no default rewrites nothing; the index build holds writes to `withdrawals` for its duration.
 */
export const up = async (knex: Knex): Promise<void> => {
  await knex.raw(`
    ALTER TABLE withdrawals ADD COLUMN failure_code text CHECK (char_length(failure_code) <= 255);
    CREATE INDEX withdrawals_rail_reference_idx ON withdrawals (rail_reference) WHERE rail_reference IS NOT NULL;
  `);
};

export const down = async (knex: Knex): Promise<void> => {
  await knex.raw(`
    DROP INDEX withdrawals_rail_reference_idx;
    ALTER TABLE withdrawals DROP COLUMN failure_code;
  `);
};
