import type { Knex } from 'knex';
import { migrateLatest } from '../migrations/migrate.js';
import { createKnex } from '../sql/knex-pool.js';
import { testDatabase } from '../testing/test-database.js';

export interface IsolatedDatabase {
  readonly url: string;
  readonly knex: Knex;
  drop(): Promise<void>;
}

/**
 * A migrated database of its own, on the same server as the run's test database. Ledger verification is
 * global, so a suite asserting "the whole ledger balances" cannot share tables with suites that write wallets
 * directly.
 */
export async function isolatedDatabase(label: string, poolMax = 20): Promise<IsolatedDatabase> {
  const shared = await testDatabase();
  const name = `${label}_${process.pid}`.toLowerCase().replace(/[^a-z0-9_]/g, '_');
  await shared.knex.raw('DROP DATABASE IF EXISTS ?? WITH (FORCE)', [name]);
  await shared.knex.raw('CREATE DATABASE ??', [name]);
  const url = new URL(shared.url);
  url.pathname = `/${name}`;
  const knex = createKnex(url.toString(), poolMax);
  await migrateLatest(knex);
  return {
    url: url.toString(),
    knex,
    async drop() {
      await knex.destroy();
      await shared.knex.raw('DROP DATABASE IF EXISTS ?? WITH (FORCE)', [name]);
    },
  };
}
