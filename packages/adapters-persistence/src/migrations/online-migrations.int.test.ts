import { expect } from 'chai';
import type { Knex } from 'knex';
import { migrateLatest, pendingMigrations } from './migrate.js';
import { migrateDownBefore, migratedScratchDatabase } from './migration-steps.fixture.js';

const applied = async (knex: Knex): Promise<string[]> =>
  (await knex('knex_migrations').orderBy('id').select('name')).map((row: { name: string }) => row.name);

const recordApplied = (knex: Knex, name: string) =>
  knex('knex_migrations').insert({ name, batch: 99, migration_time: new Date() });

/** Resolves once a statement of another session waits for a lock on `table`. */
async function someoneWaitsFor(knex: Knex, table: string): Promise<void> {
  for (let tries = 0; tries < 200; tries += 1) {
    const waiting = await knex('pg_locks')
      .where({ relation: knex.raw('?::regclass', [table]), granted: false })
      .first();
    if (waiting) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`nobody waited for a lock on ${table}`);
}

describe('migrations while other releases run', () => {
  const database = migratedScratchDatabase('online_migrations');

  it('start on a database a later release migrated further: nothing to apply, nothing pending', async () => {
    const db = database();
    await recordApplied(db.knex, '9990-a-later-release');
    try {
      expect(await migrateLatest(db.knex)).to.deep.equal([]);
      expect(await pendingMigrations(db.knex)).to.deep.equal([]);
    } finally {
      await db.knex('knex_migrations').where({ name: '9990-a-later-release' }).delete();
    }
  });

  it('refuse a database with an unknown migration before their last (a renamed or deleted one)', async () => {
    const db = database();
    await recordApplied(db.knex, '0015-operator-audit-renamed');
    try {
      const refusal = await migrateLatest(db.knex).then(
        () => null,
        (error: Error) => error.message,
      );
      expect(refusal).to.match(/corrupt.*0015-operator-audit-renamed/);
    } finally {
      await db.knex('knex_migrations').where({ name: '0015-operator-audit-renamed' }).delete();
    }
  });

  it('give up on a lock a transaction holds after the lock timeout, leaving the schema as it was, and never make the traffic queued behind them wait longer', async () => {
    const db = database();
    // 0022 alters linked_accounts, which needs its exclusive lock.
    await migrateDownBefore(db.knex, '0022-linked-account-changes');
    const before = await applied(db.knex);
    const reader = await db.knex.transaction();
    try {
      await reader.raw('SELECT count(*) FROM linked_accounts');
      const migrating = migrateLatest(db.knex, { lockTimeoutMs: 400 }).then(
        () => null,
        (error: { code?: string }) => error.code ?? String(error),
      );
      await someoneWaitsFor(db.knex, 'linked_accounts');
      // Queued behind the migration's lock request, which is queued behind the open reader.
      const traffic = db.knex.raw('SELECT count(*) FROM linked_accounts');
      expect(await migrating, 'lock_not_available').to.equal('55P03');
      await traffic;
      // The reader's transaction is still open: the traffic went on when the migration gave up, not after it.
      await reader.raw('SELECT 1');
    } finally {
      await reader.rollback();
    }
    expect(await applied(db.knex)).to.deep.equal(before);
    expect(await db.knex.schema.hasColumn('linked_accounts', 'unusable_at')).to.equal(false);
    expect(await migrateLatest(db.knex, { lockTimeoutMs: 400 })).to.include('0022-linked-account-changes');
  });
});
