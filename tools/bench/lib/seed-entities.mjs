// Many funded entities, each with a linked bank account, cloned in SQL from the template the API created: the
// withdrawal rate limit allows one request per entity a minute, so the creation load needs an entity per
// request.
import { cloneRows } from './clone-rows.mjs';
import { entityToken } from './operator-api.mjs';

const clone = (client, table, where, params, overrides) =>
  cloneRows(client, { source: 'bench_clone', table, where, params, overrides });

/** Returns `count` entities in order: { entityId, linkedAccountId, token }. */
export async function cloneEntities(client, template, count) {
  const { entityId, walletId, linkedAccountId, merchantId } = template;
  await client.query('BEGIN');
  try {
    await client.query(
      `CREATE TEMP TABLE bench_clone ON COMMIT DROP AS
       SELECT n, gen_random_uuid() AS entity_id, gen_random_uuid() AS wallet_id, gen_random_uuid() AS token_id,
              gen_random_uuid() AS account_id, gen_random_uuid() AS entry_id
         FROM generate_series(1, $1::int) AS n`,
      [count],
    );
    await clone(client, 'wallets', 'id = $1', [walletId], { id: 'c.wallet_id', owner_id: 'c.entity_id' });
    await clone(client, 'entities', 'id = $1', [entityId], {
      id: 'c.entity_id',
      wallet_id: 'c.wallet_id',
      email: `'bench-' || c.n || '@example.com'`,
      external_identifier: `'bench-' || c.n`,
    });
    await clone(client, 'application_tokens', 'entity_id = $1', [entityId], {
      id: 'c.token_id',
      entity_id: 'c.entity_id',
      token_hash: `encode(sha256(convert_to(c.token_id::text, 'UTF8')), 'hex')`,
    });
    await clone(client, 'linked_accounts', 'id = $1', [linkedAccountId], {
      id: 'c.account_id',
      entity_id: 'c.entity_id',
      wallet_id: 'c.wallet_id',
      application_token_id: 'c.token_id',
    });
    // The funding credit too, so every cloned wallet's balance is backed by the ledger as the service's are.
    await clone(client, 'ledger_entries', `wallet_id = $1 AND kind = 'WALLET_CREDIT'`, [walletId], {
      id: 'c.entry_id',
      wallet_id: 'c.wallet_id',
    });
    await clone(
      client,
      'ledger_lines',
      `entry_id IN (SELECT id FROM ledger_entries WHERE wallet_id = $1 AND kind = 'WALLET_CREDIT')`,
      [walletId],
      { entry_id: 'c.entry_id', account: 'replace(t.account, $1::text, c.wallet_id::text)' },
    );
    const { rows } = await client.query('SELECT entity_id, account_id FROM bench_clone ORDER BY n');
    await client.query('COMMIT');
    await client.query('ANALYZE');
    return rows.map((row) => ({
      entityId: row.entity_id,
      linkedAccountId: row.account_id,
      token: entityToken(merchantId, row.entity_id),
    }));
  } catch (error) {
    await client.query('ROLLBACK');
    throw error;
  }
}
