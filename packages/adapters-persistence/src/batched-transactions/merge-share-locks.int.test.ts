import { expect } from 'chai';
import type { Knex } from 'knex';
import { writesInTransaction } from '../testing/statements-sent.js';
import { testDatabase } from '../testing/test-database.js';
import { lockWrite, runWrites, type SqlWrite, updateWrite } from './sql-write.js';

const ACCOUNTS = 'test_share_locks_accounts';
const WALLETS = 'test_share_locks_wallets';
const TYPES = { id: 'text', sequence: 'integer', closed_at: 'timestamptz', balance: 'numeric' };

let made = 0;

/** Share-locks the account while it holds `sequence` and no `closed_at`, else fails as stale. */
const share = (id: string, sequence: number): SqlWrite =>
  lockWrite(
    ACCOUNTS,
    { id, sequence, closed_at: null },
    TYPES,
    ['closed_at'],
    { rows: 1, error: () => new Error(`stale ${id}`) },
    'share',
  );
/** Sets a wallet's balance, else fails as missing. */
const pay = (id: string, balance: string): SqlWrite =>
  updateWrite(WALLETS, { balance }, { id }, TYPES, { rows: 1, error: () => new Error(`missing ${id}`) });

describe('mergeShareLocks on PostgreSQL', () => {
  let knex: Knex;

  before(async () => {
    ({ knex } = await testDatabase());
    await knex.raw(
      `CREATE TABLE IF NOT EXISTS ${ACCOUNTS} (id text PRIMARY KEY, sequence int NOT NULL, closed_at timestamptz)`,
    );
    await knex.raw(`CREATE TABLE IF NOT EXISTS ${WALLETS} (id text PRIMARY KEY, balance numeric NOT NULL)`);
  });

  /** An account at `sequence` and a wallet at 100, for one member of a group. */
  const member = async (sequence = 1) => {
    made += 1;
    const [account, wallet] = [`account-${made}`, `wallet-${made}`];
    await knex(ACCOUNTS).insert({ id: account, sequence, closed_at: null });
    await knex(WALLETS).insert({ id: wallet, balance: '100' });
    return { account, wallet };
  };
  const balances = async (wallets: readonly string[]) =>
    (await knex(WALLETS).whereIn('id', wallets).orderBy('id')).map((row) => String(row.balance));
  const run = (writes: readonly SqlWrite[]) => writesInTransaction(knex, writes);

  it("sends a group's share locks as one, and the wallet updates they stood between as one", async () => {
    const members = [await member(), await member(), await member()];
    const writes = members.flatMap(({ account, wallet }) => [share(account, 1), pay(wallet, '75.00')]);
    expect(await run(writes)).to.deep.equal({ sent: 2, error: null });
    expect(await balances(members.map((m) => m.wallet))).to.deep.equal(['75.00', '75.00', '75.00']);
  });

  it('holds every merged row against updates until the transaction ends', async () => {
    const [first, second] = [await member(), await member()];
    const blocked: string[] = [];
    await knex.transaction(async (trx) => {
      await runWrites(trx, [share(first.account, 1), pay(first.wallet, '1'), share(second.account, 1)]);
      for (const { account } of [first, second])
        await knex
          .raw(`SELECT 1 FROM ${ACCOUNTS} WHERE id = ? FOR UPDATE NOWAIT`, [account])
          .catch((error: { code?: string }) => blocked.push(`${account} ${error.code}`));
    });
    expect(blocked).to.deep.equal([`${first.account} 55P03`, `${second.account} 55P03`]);
  });

  it('fails the whole statement as stale when one member’s account changed, writing nothing', async () => {
    const [fresh, moved] = [await member(1), await member(2)];
    const writes = [
      share(fresh.account, 1),
      pay(fresh.wallet, '5'),
      share(moved.account, 1),
      pay(moved.wallet, '5'),
    ];
    expect(await run(writes)).to.deep.equal({ sent: 2, error: `stale ${fresh.account}` });
    expect(await balances([fresh.wallet, moved.wallet])).to.deep.equal(['100', '100']);
  });

  it('counts an account two members pay to once for each of them', async () => {
    const { account, wallet } = await member();
    const other = await member();
    const writes = [share(account, 1), pay(wallet, '10'), share(account, 1), pay(other.wallet, '20')];
    expect(await run(writes)).to.deep.equal({ sent: 2, error: null });
    expect(await balances([wallet, other.wallet])).to.deep.equal(['10', '20']);
  });

  it('does not move a lock ahead of a write of its own table, or of a write that declares no tables', async () => {
    const [first, second] = [await member(), await member()];
    const touching = updateWrite(ACCOUNTS, { sequence: 1 }, { id: first.account }, TYPES, {
      rows: 1,
      error: () => new Error('no account'),
    });
    expect(await run([share(first.account, 1), touching, share(second.account, 1)])).to.deep.equal({
      sent: 3,
      error: null,
    });
    const { tables: _none, ...bare } = pay(first.wallet, '3');
    expect(await run([share(first.account, 1), bare as SqlWrite, share(second.account, 1)])).to.deep.equal({
      sent: 3,
      error: null,
    });
  });
});
