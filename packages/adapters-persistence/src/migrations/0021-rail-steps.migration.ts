import type { Knex } from 'knex';

/**
 * What a multi-step rail made at its provider for a withdrawal (Wise: the recipient account and the quote), so a
 * retry reuses them instead of making new ones. One row per step, the first write kept. No foreign key: a step is
 * written by the rail outside the withdrawal's transactions and read only by the rail, by withdrawal id.
 */
export const up = async (knex: Knex): Promise<void> => {
  await knex.raw(`
    CREATE TABLE rail_steps (
      withdrawal_id uuid NOT NULL,
      step text NOT NULL,
      value text NOT NULL,
      recorded_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (withdrawal_id, step)
    )`);
};

export const down = async (knex: Knex): Promise<void> => {
  await knex.raw('DROP TABLE rail_steps');
};
