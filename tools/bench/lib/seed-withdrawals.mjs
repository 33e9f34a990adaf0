// Stored history for the growth measurement: settled withdrawals cloned in SQL (INSERT … SELECT over
// generate_series) from one the service settled itself, with everything it wrote for it (history, ledger
// posting, webhook events and their deliveries), spread over the bench's entities and back in time. Delivery attempts are not
// copied, and the cloned debits are not taken from wallet balances: the database is dropped after the run.
import { cloneRows } from './clone-rows.mjs';

const BATCH = 100_000;

async function seedBatch(client, { template, merchantId, count, offset }) {
  const clone = (table, where, overrides) =>
    cloneRows(client, { source: 'bench_wclone', table, where, params: [template.id], overrides });
  await client.query('BEGIN');
  try {
    await client.query(
      `CREATE TEMP TABLE bench_wclone ON COMMIT DROP AS
       WITH accounts AS (
         SELECT row_number() OVER (ORDER BY id) - 1 AS i, id AS account_id, entity_id, wallet_id
           FROM linked_accounts WHERE merchant_id = $1 AND kind = 'bank'
       )
       SELECT g AS n, gen_random_uuid() AS id, gen_random_uuid() AS entry_id, a.account_id, a.entity_id,
              a.wallet_id, now() - make_interval(secs => $3::int + g) AS at
         FROM generate_series(1, $2::int) AS g
         JOIN accounts a ON a.i = g % (SELECT count(*) FROM accounts)`,
      [merchantId, count, offset],
    );
    await clone('withdrawals', 'id = $1', {
      id: 'c.id',
      entity_id: 'c.entity_id',
      wallet_id: 'c.wallet_id',
      linked_account_id: 'c.account_id',
      rail_reference: `'sim-ach-' || c.id`,
      submitted_at: 'c.at',
      // Settled long ago: nothing left for a worker to check, whatever the template still had scheduled.
      next_check_at: 'NULL',
      created_at: 'c.at',
      updated_at: 'c.at',
    });
    await clone('withdrawal_history', 'withdrawal_id = $1', { withdrawal_id: 'c.id', at: 'c.at' });
    await clone('ledger_entries', 'withdrawal_id = $1', {
      id: 'c.entry_id',
      wallet_id: 'c.wallet_id',
      withdrawal_id: 'c.id',
      created_at: 'c.at',
    });
    await clone('ledger_lines', 'entry_id IN (SELECT id FROM ledger_entries WHERE withdrawal_id = $1)', {
      entry_id: 'c.entry_id',
      account: `CASE WHEN t.account LIKE 'wallet:%' THEN 'wallet:' || c.wallet_id ELSE t.account END`,
    });
    // An event's id is derived from its withdrawal's and its template's, so that its delivery can name it.
    await clone('webhook_events', 'withdrawal_id = $1', {
      id: `md5(c.id::text || t.id::text)::uuid`,
      withdrawal_id: 'c.id',
      created_at: 'c.at',
      body: `jsonb_set(jsonb_set(jsonb_set(t.body, '{payload,transactionId}', to_jsonb(c.id::text)),
               '{payload,walletId}', to_jsonb(c.wallet_id::text)), '{payload,entityId}', to_jsonb(c.entity_id::text))`,
    });
    await clone(
      'webhook_deliveries',
      'event_id IN (SELECT id FROM webhook_events WHERE withdrawal_id = $1)',
      {
        event_id: `md5(c.id::text || t.event_id::text)::uuid`,
        delivered_at: 'c.at',
      },
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

/** Adds cloned withdrawals until `target` are stored; returns how many were added. */
export async function seedWithdrawalsUpTo(client, { merchantId, target, onProgress }) {
  const { rows } = await client.query(
    `SELECT id FROM withdrawals WHERE merchant_id = $1 AND status = 'SUCCESS' AND rail = 'ACH'
      ORDER BY created_at LIMIT 1`,
    [merchantId],
  );
  if (rows.length === 0) throw new Error('no settled ACH withdrawal to clone: did the drain phase run?');
  const existing = await countWithdrawals(client);
  const missing = Math.max(0, target - existing);
  for (let added = 0; added < missing; added += BATCH) {
    const count = Math.min(BATCH, missing - added);
    await seedBatch(client, { template: rows[0], merchantId, count, offset: added });
    onProgress?.((added + count) / missing, `${existing + added + count} withdrawals stored`);
  }
  if (missing > 0)
    for (const table of [
      'withdrawals',
      'withdrawal_history',
      'ledger_entries',
      'ledger_lines',
      'webhook_events',
      'webhook_deliveries',
    ])
      await client.query(`VACUUM ANALYZE ${table}`);
  // The bulk load's dirty pages are written back now, not by the checkpointer while the growth load is measured.
  await client.query('CHECKPOINT');
  return missing;
}
