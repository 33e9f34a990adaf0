import type { Knex } from 'knex';
import type { OnlineSteps } from './online-migration.js';

/**
 * Each rail step names its withdrawal's merchant, so that the table can be distributed by merchant with the
 * withdrawals it belongs to (docs/scaling.md). Expand only: the column is nullable, filled in batches from the
 * withdrawals, and written by the store from now on. The previous release goes on writing steps without it while
 * it runs, so the contract step (a later release) fills those again before it makes the column NOT NULL and part
 * of the key. A step whose withdrawal does not exist (the table has no foreign key) keeps NULL.
 */
export const config = { transaction: false };

/** Rows per batch: each batch's transaction locks at most this many steps. */
const BATCH = 1_000;

export const up = async (_knex: Knex, steps: OnlineSteps): Promise<void> => {
  await steps.transaction((trx) =>
    trx.raw('ALTER TABLE rail_steps ADD COLUMN IF NOT EXISTS merchant_id uuid'),
  );
  // A page of the key after the last one, not "the next rows still NULL": steps without a withdrawal stay NULL.
  let after: { withdrawal_id: string; step: string } | null = null;
  await steps.inBatches(async (trx) => {
    const page: { rows: { withdrawal_id: string; step: string; covered: number }[] } = await trx.raw(
      `WITH page AS (
         SELECT withdrawal_id, step FROM rail_steps
          WHERE ?::uuid IS NULL OR (withdrawal_id, step) > (?::uuid, ?::text)
          ORDER BY withdrawal_id, step LIMIT ?
       ), filled AS (
         UPDATE rail_steps s SET merchant_id = w.merchant_id
           FROM page p JOIN withdrawals w ON w.id = p.withdrawal_id
          WHERE s.withdrawal_id = p.withdrawal_id AND s.step = p.step AND s.merchant_id IS NULL
       )
       SELECT withdrawal_id, step, (SELECT count(*) FROM page)::int AS covered
         FROM page ORDER BY withdrawal_id DESC, step DESC LIMIT 1`,
      [after?.withdrawal_id ?? null, after?.withdrawal_id ?? null, after?.step ?? null, BATCH],
    );
    const last = page.rows[0];
    if (!last) return 0;
    after = last;
    return last.covered;
  });
};

export const down = async (_knex: Knex, steps: OnlineSteps): Promise<void> => {
  await steps.transaction((trx) => trx.raw('ALTER TABLE rail_steps DROP COLUMN IF EXISTS merchant_id'));
};
