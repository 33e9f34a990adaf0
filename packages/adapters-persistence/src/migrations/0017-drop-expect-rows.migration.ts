import type { Knex } from 'knex';
import { up as createExpectRows } from './0007-expect-rows.migration.js';

/**
 * The repositories check the rows a write touched from its own answer now, so `payout_expect_rows` (0007) has no
 * caller left. A process of the previous version still calls it: drop it once no such process runs (the
 * migration step of a deployment that stops the old processes first, or the next deployment).
 */
export const up = async (knex: Knex): Promise<void> => {
  await knex.raw('DROP FUNCTION IF EXISTS payout_expect_rows(bigint, integer, integer);');
};

export const down = createExpectRows;
