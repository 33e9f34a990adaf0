// Stored history for the growth measurement, loaded in SQL: settled withdrawals cloned from one the service
// settled itself, with everything it wrote for it (history, ledger posting, webhook events and their deliveries),
// spread over the merchant's entities. Each copy gets ids from the service's own generator (UUIDv7, its time
// the row's), and the history runs in time order, one withdrawal every SPACING_MS, ending before the oldest
// withdrawal already stored. Delivery attempts are not copied, and the copies' debits are not taken from the
// wallets' balances.
import { TimeOrderedUuidGenerator } from '../../../packages/adapters-persistence/dist/system/time-ordered-uuid-generator.js';
import { cloneRows } from './clone-rows.mjs';

const BATCH = 50_000;
/** About 1M withdrawals a month. */
export const SPACING_MS = 2_500;
const SEEDED_TABLES = [
  'withdrawals',
  'withdrawal_history',
  'ledger_entries',
  'ledger_lines',
  'webhook_events',
  'webhook_deliveries',
];

const uuid = (value) => {
  if (!/^[0-9a-f-]{36}$/.test(value)) throw new Error(`not a uuid: ${value}`);
  return `'${value}'::uuid`;
};

/**
 * Ids and times of `count` copies, oldest first, the last one `endMs`: each copy's withdrawal and ledger entry
 * ids are made at its time, each of its events' at its time plus the template event's offset (`eventOffsetsMs`).
 */
export function seedIds({ count, endMs, eventOffsetsMs, random = Math.random }) {
  let clock = 0;
  const ids = new TimeOrderedUuidGenerator(() => clock);
  const at = (ms) => {
    clock = ms;
    return ids.next();
  };
  const rows = [];
  for (let i = 0; i < count; i++) {
    const atMs = endMs - (count - 1 - i) * SPACING_MS - Math.floor(random() * SPACING_MS);
    rows.push({ atMs, id: at(atMs), entryId: at(atMs), eventIds: eventOffsetsMs.map((ms) => at(atMs + ms)) });
  }
  return rows;
}

async function seedBatch(client, { template, merchantId, rows, offset }) {
  const shift = (column) => `c.at + (t.${column} - ${`'${template.created_at.toISOString()}'::timestamptz`})`;
  const clone = (table, where, overrides, from = `SELECT * FROM ${table} WHERE ${where}`) =>
    cloneRows(client, { source: 'bench_seed', table, template: from, overrides });
  const ofTemplate = `withdrawal_id = ${uuid(template.id)}`;
  const events = `SELECT e.*, row_number() OVER (ORDER BY e.sequence) AS rank FROM webhook_events e
                   WHERE e.${ofTemplate}`;
  await client.query('BEGIN');
  try {
    await client.query(
      `CREATE TEMP TABLE bench_seed ON COMMIT DROP AS
       WITH accounts AS (
         SELECT row_number() OVER (ORDER BY id) - 1 AS i, id AS account_id, entity_id, wallet_id
           FROM linked_accounts WHERE merchant_id = $1 AND kind = 'bank'
       )
       SELECT s.id, s.entry_id, s.event_ids::uuid[] AS event_ids, to_timestamp(s.at_ms / 1000.0) AS at,
              a.account_id, a.entity_id, a.wallet_id
         FROM unnest($2::uuid[], $3::uuid[], $4::text[], $5::float8[]) WITH ORDINALITY
                AS s(id, entry_id, event_ids, at_ms, n)
         JOIN accounts a ON a.i = (s.n + $6) % (SELECT count(*) FROM accounts)`,
      [
        merchantId,
        rows.map((row) => row.id),
        rows.map((row) => row.entryId),
        rows.map((row) => `{${row.eventIds.join(',')}}`),
        rows.map((row) => row.atMs),
        offset,
      ],
    );
    await clone('withdrawals', `id = ${uuid(template.id)}`, {
      id: 'c.id',
      entity_id: 'c.entity_id',
      wallet_id: 'c.wallet_id',
      linked_account_id: 'c.account_id',
      rail_reference: `'sim-ach-' || c.id`,
      submitted_at: shift('submitted_at'),
      // Settled long ago: nothing left for a worker to check.
      next_check_at: 'NULL',
      created_at: 'c.at',
      updated_at: shift('updated_at'),
    });
    await clone('withdrawal_history', ofTemplate, { withdrawal_id: 'c.id', at: shift('at') });
    // A template withdrawal has several entries (its debit, its settlement): each copy's are c.entry_id with the
    // last six bytes of the template entry's id, so they keep the copy's time (the partition's month) and differ.
    const entryOf = (templateEntry) =>
      `encode(overlay(uuid_send(c.entry_id) PLACING substring(uuid_send(${templateEntry}) FROM 11 FOR 6) FROM 11 FOR 6), 'hex')::uuid`;
    await clone('ledger_entries', ofTemplate, {
      id: entryOf('t.id'),
      wallet_id: 'c.wallet_id',
      withdrawal_id: 'c.id',
      created_at: shift('created_at'),
    });
    await clone('ledger_lines', `entry_id IN (SELECT id FROM ledger_entries WHERE ${ofTemplate})`, {
      entry_id: entryOf('t.entry_id'),
      account: `CASE WHEN t.account LIKE 'wallet:%' THEN 'wallet:' || c.wallet_id ELSE t.account END`,
    });
    // The body as the service wrote it, with the copy's ids in place of the template's.
    const body = [
      [template.id, 'c.id'],
      [template.wallet_id, 'c.wallet_id'],
      [template.entity_id, 'c.entity_id'],
    ].reduce((text, [from, to]) => `replace(${text}, '${from}', ${to}::text)`, 't.body::text');
    await clone(
      'webhook_events',
      null,
      {
        id: 'c.event_ids[t.rank]',
        withdrawal_id: 'c.id',
        created_at: shift('created_at'),
        body: `${body}::json`,
      },
      events,
    );
    await clone(
      'webhook_deliveries',
      null,
      { event_id: 'c.event_ids[t.rank]', delivered_at: shift('delivered_at') },
      `SELECT d.*, e.rank FROM webhook_deliveries d JOIN (${events}) e ON e.id = d.event_id`,
    );
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK');
    throw error;
  }
}

export async function countWithdrawals(client) {
  return Number((await client.query('SELECT count(*) AS n FROM withdrawals')).rows[0].n);
}

/** Adds history until `target` withdrawals are stored; returns how many were added. */
export async function seedHistoryUpTo(client, { merchantId, target }) {
  const { rows } = await client.query(
    `SELECT * FROM withdrawals WHERE merchant_id = $1 AND status = 'SUCCESS' AND rail = 'ACH'
      ORDER BY created_at LIMIT 1`,
    [merchantId],
  );
  const template = rows[0];
  if (!template) throw new Error('no settled ACH withdrawal to copy: did the warm-up settle?');
  const missing = Math.max(0, target - (await countWithdrawals(client)));
  if (missing === 0) return 0;
  const { rows: offsets } = await client.query(
    `SELECT (extract(epoch FROM created_at - $2::timestamptz) * 1000)::int AS ms
       FROM webhook_events WHERE withdrawal_id = $1 ORDER BY sequence`,
    [template.id, template.created_at],
  );
  const { rows: oldest } = await client.query('SELECT min(created_at) AS at FROM withdrawals');
  const endMs = oldest[0].at.getTime() - SPACING_MS;
  for (let from = 0; from < missing; from += BATCH) {
    const count = Math.min(BATCH, missing - from);
    const rows = seedIds({
      count,
      endMs: endMs - (missing - from - count) * SPACING_MS,
      eventOffsetsMs: offsets.map((row) => row.ms),
    });
    await seedBatch(client, { template, merchantId, rows, offset: from });
  }
  return missing;
}

/**
 * A seeded table autovacuum is working on, or would start on: its inserts, dead rows or changes since its last
 * vacuum or analyse are over the server's own thresholds (the autovacuum_* settings, against the table's reltuples).
 * A partitioned table is its partitions: autovacuum works on each.
 */
const BEHIND = `
  SELECT s.relname FROM pg_stat_user_tables s JOIN pg_class c ON c.oid = s.relid
   WHERE (s.relname = ANY($1) OR s.relid IN (SELECT inhrelid FROM pg_inherits WHERE inhparent::regclass::text = ANY($1)))
     AND (s.relid IN (SELECT relid FROM pg_stat_progress_vacuum UNION SELECT relid FROM pg_stat_progress_analyze)
       OR s.n_ins_since_vacuum > current_setting('autovacuum_vacuum_insert_threshold')::float8
            + current_setting('autovacuum_vacuum_insert_scale_factor')::float8 * greatest(c.reltuples, 0)
       OR s.n_dead_tup > current_setting('autovacuum_vacuum_threshold')::float8
            + current_setting('autovacuum_vacuum_scale_factor')::float8 * greatest(c.reltuples, 0)
       OR s.n_mod_since_analyze > current_setting('autovacuum_analyze_threshold')::float8
            + current_setting('autovacuum_analyze_scale_factor')::float8 * greatest(c.reltuples, 0))`;

/** Rows ever inserted into withdrawals, as the statistics system has them so far. */
export async function withdrawalInserts(client) {
  const { rows } = await client.query(
    "SELECT n_tup_ins::bigint AS inserted FROM pg_stat_user_tables WHERE relname = 'withdrawals'",
  );
  return Number(rows[0]?.inserted ?? 0);
}

/**
 * Waits until autovacuum has caught up with the tables the seed filled: none is being vacuumed or analysed, and
 * none is due a vacuum or an analyse. A history that accumulated over months would have been vacuumed and analysed
 * many times over; the vacuum that follows a bulk load of it belongs to the load, not to the size. The statistics
 * must first show `inserted` withdrawals (a backend reports its counts a little after its commits), or the tables
 * would look caught up before autovacuum could see them. Returns the seconds waited. The bench runs no VACUUM or
 * ANALYZE of its own.
 */
export async function waitForAutovacuum(client, inserted, timeoutMs = 900_000) {
  const started = Date.now();
  for (;;) {
    const behind =
      (await withdrawalInserts(client)) < inserted
        ? ['withdrawals (its inserts not yet in the statistics)']
        : (await client.query(BEHIND, [SEEDED_TABLES])).rows.map((row) => row.relname);
    if (behind.length === 0) return (Date.now() - started) / 1000;
    if (Date.now() - started > timeoutMs)
      throw new Error(`autovacuum had not caught up with ${behind.join(', ')} after ${timeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}
