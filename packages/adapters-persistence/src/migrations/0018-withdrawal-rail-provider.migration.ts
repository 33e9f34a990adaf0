import type { Knex } from 'knex';

/**
 * The provider that served a withdrawal's rail when it was debited: its retries and status checks go to that
 * provider only, never to one configured for the rail since. Rows from before stay NULL (not checked). A nullable
 * column with no default rewrites nothing.
 */
export const up = async (knex: Knex): Promise<void> => {
  await knex.raw('ALTER TABLE withdrawals ADD COLUMN rail_provider text');
};

export const down = async (knex: Knex): Promise<void> => {
  await knex.raw('ALTER TABLE withdrawals DROP COLUMN rail_provider');
};
