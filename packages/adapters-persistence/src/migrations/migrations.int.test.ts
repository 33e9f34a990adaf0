import { expect } from 'chai';
import { type ScratchDatabase, scratchDatabase } from '../testing/test-database.js';
import { migrateDownAll, migrateLatest, pendingMigrations } from './migrate.js';
import { migrationSource } from './migration-source.js';

const allNames = async () =>
  (await migrationSource.getMigrations([])).map((m) => migrationSource.getMigrationName(m));

async function publicTables(db: ScratchDatabase): Promise<string[]> {
  const rows: Array<{ tablename: string }> = await db
    .knex('pg_tables')
    .where({ schemaname: 'public' })
    .whereNotIn('tablename', ['knex_migrations', 'knex_migrations_lock'])
    .orderBy('tablename')
    .select('tablename');
  return rows.map((row) => row.tablename);
}

describe('migrations on an empty database', () => {
  let db: ScratchDatabase;

  before(async () => {
    db = await scratchDatabase('migrations');
  });

  after(async () => {
    await db?.drop();
  });

  it('apply once when three migrators on separate connections start at the same moment', async () => {
    const results = await Promise.all([
      migrateLatest(db.knex),
      migrateLatest(db.knex),
      migrateLatest(db.knex),
    ]);
    const applied = results.flat();
    expect([...applied].sort()).to.deep.equal(await allNames());
    expect(await pendingMigrations(db.knex)).to.deep.equal([]);
    expect(await publicTables(db)).to.include.members([
      'merchants',
      'withdrawals',
      'ledger_lines',
      'webhook_attempts',
    ]);
  });

  it('go all the way down, leaving none of their tables, and up again', async () => {
    await migrateDownAll(db.knex);
    expect(await publicTables(db)).to.deep.equal([]);
    expect(await pendingMigrations(db.knex)).to.deep.equal(await allNames());
    expect(await migrateLatest(db.knex)).to.deep.equal(await allNames());
  });
});
