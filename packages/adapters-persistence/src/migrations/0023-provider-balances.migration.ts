import type { Knex } from 'knex';

/**
 * Each provider's latest balance (issue 43): one scheduled read stores it, every worker exports it at scrape time
 * (`payout_provider_balance`), so that all of them report the same value. One row per provider.
 */
export const up = async (knex: Knex): Promise<void> => {
  await knex.raw(`
    CREATE TABLE provider_balances (
      provider text PRIMARY KEY CHECK (char_length(provider) <= 64),
      available numeric(20,2) NOT NULL,
      currency text NOT NULL CHECK (char_length(currency) = 3),
      read_at timestamptz NOT NULL
    );
  `);
};

export const down = async (knex: Knex): Promise<void> => {
  await knex.raw('DROP TABLE provider_balances');
};
