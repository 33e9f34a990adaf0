import type { Knex } from 'knex';

/**
 * Settlement accounting (issue 46, docs/decisions/0026-settlement-postings.md): a provider's confirmation moves a
 * payout from `system:payouts-in-transit` to `provider:<name>:settled`, a return moves it back, and a fee the
 * provider reports goes to `provider:<name>:fees`. Expand-only, so that processes of the release before keep
 * working while it runs: the ledger's list of kinds grows (the wider check is NOT VALID, then validated without
 * holding writes), and the withdrawals settled before it get their settlement, in batches that each commit on
 * their own (the migration runs outside one transaction), each locking the withdrawals it settles so that a return
 * committed meanwhile is seen by one side or the other, never missed by both.
 */
export const config = { transaction: false };

const KINDS_BEFORE = ['WALLET_CREDIT', 'WITHDRAWAL_DEBIT', 'WITHDRAWAL_REVERSAL'];
const KINDS = [...KINDS_BEFORE, 'PAYOUT_SETTLEMENT', 'SETTLEMENT_RETURN', 'PROVIDER_FEE'];
const BATCH = 500;
/** The provider a settlement names when the withdrawal does not record one (UNRECORDED_PROVIDER in the domain). */
const UNRECORDED = 'unrecorded';

const kindCheck = (kinds: readonly string[]) =>
  `CHECK (kind IN (${kinds.map((kind) => `'${kind}'`).join(', ')}))`;

/**
 * A UUIDv7 of now, as the service's ids are: ledger entries are partitioned by the month of their id
 * (docs/decisions/0024-partitions-by-the-id-month.md), so an entry made now must carry now's milliseconds in its
 * first 48 bits. gen_random_uuid() gives the random bits and the variant; the version nibble is set to 7.
 */
const UUID_V7_NOW = `encode(set_bit(set_bit(overlay(uuid_send(gen_random_uuid())
  placing substring(int8send((extract(epoch FROM clock_timestamp()) * 1000)::bigint) FROM 3) FROM 1 FOR 6),
  52, 1), 53, 1), 'hex')::uuid`;

/**
 * One batch: settles up to BATCH withdrawals that are SUCCESS without a settlement; answers how many. A
 * withdrawal locked here that a live process settles meanwhile was not SUCCESS when the batch looked, so the two
 * never both post it (the one-per-withdrawal-and-kind key holds within a month only, once partitioned).
 */
async function settleBatch(knex: Knex): Promise<number> {
  const result = await knex.raw<{ rows: Array<{ settled: string }> }>(
    `WITH due AS (
       SELECT w.id, w.wallet_id, w.amount, coalesce(w.rail_provider, ?) AS provider, ${UUID_V7_NOW} AS entry_id
         FROM withdrawals w
        WHERE w.status = 'SUCCESS' AND w.debited AND NOT w.reversed
          AND NOT EXISTS (SELECT 1 FROM ledger_entries e WHERE e.withdrawal_id = w.id AND e.kind = 'PAYOUT_SETTLEMENT')
        ORDER BY w.id
        LIMIT ?
        FOR UPDATE OF w
     ), entries AS (
       INSERT INTO ledger_entries (id, kind, wallet_id, withdrawal_id, memo, created_at)
       SELECT entry_id, 'PAYOUT_SETTLEMENT', wallet_id, id,
              'settlement of withdrawal ' || id || ' by ' || provider || ' (migration 0026)', now()
         FROM due
       RETURNING id
     ), lines AS (
       INSERT INTO ledger_lines (entry_id, position, account, amount)
       SELECT d.entry_id, 0, 'system:payouts-in-transit', -d.amount FROM due d JOIN entries e ON e.id = d.entry_id
       UNION ALL
       SELECT d.entry_id, 1, 'provider:' || d.provider || ':settled', d.amount FROM due d JOIN entries e ON e.id = d.entry_id
       RETURNING entry_id
     )
     SELECT count(DISTINCT entry_id) AS settled FROM lines`,
    [UNRECORDED, BATCH],
  );
  return Number(result.rows[0]?.settled ?? 0);
}

const DEADLOCK = '40P01';

export const up = async (knex: Knex): Promise<void> => {
  await knex.raw(`
    ALTER TABLE ledger_entries
      DROP CONSTRAINT IF EXISTS ledger_entries_kind_check,
      ADD CONSTRAINT ledger_entries_kind_check ${kindCheck(KINDS)} NOT VALID;
  `);
  await knex.raw('ALTER TABLE ledger_entries VALIDATE CONSTRAINT ledger_entries_kind_check');
  // A batch that deadlocks with a live transaction (grouped commits lock several withdrawals) is simply run again.
  for (;;) {
    const settled = await settleBatch(knex).catch((error: { code?: string }) => {
      if (error.code === DEADLOCK) return -1;
      throw error;
    });
    if (settled === 0) return;
  }
};

export const down = async (knex: Knex): Promise<void> => {
  await knex.raw(`
    DELETE FROM ledger_entries WHERE kind NOT IN (${KINDS_BEFORE.map((kind) => `'${kind}'`).join(', ')});
    ALTER TABLE ledger_entries
      DROP CONSTRAINT ledger_entries_kind_check,
      ADD CONSTRAINT ledger_entries_kind_check ${kindCheck(KINDS_BEFORE)};
  `);
};
