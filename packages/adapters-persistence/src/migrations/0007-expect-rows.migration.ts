import type { Knex } from 'knex';

/**
 * `payout_expect_rows(actual, expected, label)` raises when a write touched another number of rows than it
 * must (a stale update, a vanished row). The check runs inside the statement, so the transaction aborts before
 * a COMMIT sent in the same query could make a half-applied change permanent.
 */
export const up = async (knex: Knex): Promise<void> => {
  await knex.raw(`
    CREATE FUNCTION payout_expect_rows(actual bigint, expected integer, label integer) RETURNS bigint
    LANGUAGE plpgsql AS $$
    BEGIN
      IF actual <> expected THEN
        RAISE EXCEPTION 'payout_expect_rows failed: write %', label
          USING DETAIL = format('%s rows instead of %s', actual, expected);
      END IF;
      RETURN actual;
    END
    $$;
  `);
};

export const down = async (knex: Knex): Promise<void> => {
  await knex.raw('DROP FUNCTION payout_expect_rows(bigint, integer, integer);');
};
