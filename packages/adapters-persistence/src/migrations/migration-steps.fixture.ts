import { randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import { AesGcmFieldCipher } from '../crypto/aes-gcm-field-cipher.js';
import { type ScratchDatabase, scratchDatabase } from '../testing/test-database.js';
import { KnexUnitOfWork } from '../unit-of-work/knex-unit-of-work.js';
import { migrateLatest } from './migrate.js';
import { migrationSource } from './migration-source.js';

const migrator = { migrationSource };

/** Migrates down, one migration at a time, until `name` is no longer applied: the schema just before it. */
export async function migrateDownBefore(knex: Knex, name: string): Promise<void> {
  const applied = async () =>
    ((await knex.migrate.list(migrator))[0] as Array<{ name: string }>).map((m) => m.name);
  while ((await applied()).includes(name)) await knex.migrate.down(migrator);
}

/** Migrates up, one migration at a time, until `name` is applied: the schema it makes, before later ones. */
export async function migrateUpThrough(knex: Knex, name: string): Promise<void> {
  const applied = async () =>
    ((await knex.migrate.list(migrator))[0] as Array<{ name: string }>).map((m) => m.name);
  while (!(await applied()).includes(name)) await knex.migrate.up(migrator);
}

/** Undoes the last applied migration. */
export async function migrateDownOne(knex: Knex): Promise<void> {
  await knex.migrate.down(migrator);
}

const refuse = (): never => {
  throw new Error('the seed enqueues nothing');
};

/** A unit of work for seeding rows a migration test starts from (it enqueues no jobs). */
export const seedingUnitOfWork = (knex: Knex): KnexUnitOfWork =>
  new KnexUnitOfWork({
    knex,
    jobs: { in: () => ({ enqueue: refuse }) },
    cipher: new AesGcmFieldCipher(randomBytes(32)),
  });

/**
 * A database of its own for the suite this is called in (a migration test moves its schema up and down), migrated
 * to the latest before the suite's tests and dropped after them; the getter gives it to the tests.
 */
export function migratedScratchDatabase(label: string): () => ScratchDatabase {
  let db: ScratchDatabase | undefined;
  before(async () => {
    db = await scratchDatabase(label);
    await migrateLatest(db.knex);
  });
  after(async () => {
    await db?.drop();
  });
  return () => db as ScratchDatabase;
}
