import knex, { type Knex } from 'knex';

export interface ScratchDatabase {
  readonly url: string;
  readonly knex: Knex;
  drop(): Promise<void>;
}

const serverUrl = () => process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** A fresh database on the test server for one suite, so suites running at once never see each other's jobs. */
export async function scratchDatabase(label: string, poolMax = 10): Promise<ScratchDatabase> {
  const name = `scratch_${label}_${process.pid}`.replace(/[^a-z0-9_]/gi, '_').toLowerCase();
  const admin = knex({ client: 'pg', connection: serverUrl(), pool: { min: 0, max: 1 } });
  await admin.raw(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.raw(`CREATE DATABASE ${name}`);
  const url = new URL(serverUrl());
  url.pathname = `/${name}`;
  const db = knex({ client: 'pg', connection: url.toString(), pool: { min: 0, max: poolMax } });
  return {
    url: url.toString(),
    knex: db,
    async drop() {
      await db.destroy();
      await admin.raw(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.destroy();
    },
  };
}
