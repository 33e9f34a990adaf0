import { buildWebhookEvent, seedParties } from '@payout/domain/testing';
import { expect } from 'chai';
import type { Knex } from 'knex';
import { partitionsOf } from '../partitions/partition-catalog.js';
import { partitionedRows, seedWithdrawalAt } from '../partitions/partitioned-rows.fixture.js';
import { FAMILIES, legacyPartition } from '../partitions/partitioned-tables.js';
import { createKnex } from '../sql/knex-pool.js';
import { migrateLatest } from './migrate.js';
import {
  migrateDownBefore,
  migratedScratchDatabase,
  migrateUpThrough,
  seedingUnitOfWork,
} from './migration-steps.fixture.js';

const TABLES = FAMILIES.flatMap((family) => family.tables);

interface Shape {
  readonly columns: string[];
  readonly constraints: string[];
  readonly indexes: string[];
}

/** A table's columns in order, its constraints and its indexes, each as PostgreSQL prints it. */
async function shapeOf(knex: Knex, table: string, as = table): Promise<Shape> {
  const rename = (text: string) => text.split(table).join(as).replace(' ON ONLY ', ' ON ');
  const { rows: columns } = await knex.raw(
    `SELECT attname || ' ' || format_type(atttypid, atttypmod) || CASE WHEN attnotnull THEN ' not null' ELSE '' END
            || CASE attidentity WHEN '' THEN '' ELSE ' identity ' || attidentity::text END
            || coalesce(' default ' || pg_get_expr(d.adbin, d.adrelid), '') AS text
       FROM pg_attribute a LEFT JOIN pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum
      WHERE attrelid = to_regclass(?) AND attnum > 0 AND NOT attisdropped ORDER BY attnum`,
    [table],
  );
  const { rows: constraints } = await knex.raw(
    `SELECT conname || ' ' || pg_get_constraintdef(oid) AS text FROM pg_constraint
      WHERE conrelid = to_regclass(?) AND conparentid = 0 ORDER BY 1`,
    [table],
  );
  const { rows: indexes } = await knex.raw(
    'SELECT pg_get_indexdef(indexrelid) AS text FROM pg_index WHERE indrelid = to_regclass(?) ORDER BY 1',
    [table],
  );
  const texts = (rows: Array<{ text: string }>) => rows.map((row) => rename(row.text));
  return { columns: texts(columns), constraints: texts(constraints).sort(), indexes: texts(indexes).sort() };
}

async function shapes(knex: Knex): Promise<Record<string, Shape>> {
  return Object.fromEntries(
    await Promise.all(TABLES.map(async (t) => [t.name, await shapeOf(knex, t.name)])),
  );
}

const relationId = async (knex: Knex, table: string) =>
  (await knex.raw('SELECT to_regclass(?)::oid AS id', [table])).rows[0]?.id as number;

describe('migration 0024 on a database with withdrawals, events and postings', function () {
  this.timeout(120_000);
  const database = migratedScratchDatabase('monthly_partitions');

  it('partitions each table under its name, keeping its columns, checks, keys and indexes, and its rows in place', async () => {
    const db = database();
    await migrateDownBefore(db.knex, '0024-monthly-partitions');
    const before = await shapes(db.knex);
    const oids = Object.fromEntries(
      await Promise.all(TABLES.map(async (t) => [t.name, await relationId(db.knex, t.name)])),
    );
    const unitOfWork = seedingUnitOfWork(db.knex);
    const parties = await seedParties(unitOfWork);
    const now = Date.now();
    for (const daysAgo of [40, 10, 0])
      await seedWithdrawalAt(unitOfWork, parties, new Date(now - daysAgo * 86_400_000));
    const rows = await partitionedRows(db.knex);

    // A process of the version before goes on writing while the migration runs (its own pool, prepared statements).
    const writer = createKnex(db.url, 2);
    const written: string[] = [];
    const failures: unknown[] = [];
    let migrating = true;
    const writing = (async () => {
      const writes = seedingUnitOfWork(writer);
      while (migrating) {
        try {
          written.push((await seedWithdrawalAt(writes, parties, new Date())).withdrawalId);
        } catch (error) {
          failures.push(error);
        }
      }
    })();
    try {
      // Through 0024 only: later migrations change these tables' shapes on purpose.
      await migrateUpThrough(db.knex, '0024-monthly-partitions');
    } finally {
      migrating = false;
      await writing;
      await writer.destroy();
    }
    expect(failures, 'writes refused while it ran').to.deep.equal([]);
    expect(written.length, 'writes made while it ran').to.be.above(0);

    for (const table of TABLES) {
      const after = await shapeOf(db.knex, table.name);
      expect(after.columns, `${table.name} columns`).to.deep.equal(before[table.name]?.columns);
      // The unique keys that leave the partition key out are each partition's own (below).
      const own = table.ownUniques.map((u) => u.name);
      const kept = (before[table.name]?.constraints ?? []).filter(
        (c) => !own.includes(c.split(' ')[0] as string),
      );
      expect(after.constraints, `${table.name} constraints`).to.deep.equal(kept);
      const partitions = await partitionsOf(db.knex, table.name);
      expect(partitions.length, `${table.name} partitions`).to.be.at.least(3);
      for (const partition of partitions) {
        const shape = await shapeOf(db.knex, partition.name, table.name);
        expect(shape.indexes, `${partition.name} indexes`).to.deep.equal(before[table.name]?.indexes);
      }
      expect(
        await relationId(db.knex, legacyPartition(table.name)),
        `${table.name} attached, not copied`,
      ).to.equal(oids[table.name]);
    }
    const migrated = await partitionedRows(db.knex);
    for (const table of TABLES)
      expect(migrated[table.name], table.name).to.include.members(rows[table.name] as string[]);
    const history = await db.knex('withdrawal_history').whereIn('withdrawal_id', written).count({ n: '*' });
    expect(Number(history[0]?.n)).to.equal(written.length);

    // Past the months made ahead, and an id that is not a UUIDv7 of a month: both land in the default partition.
    const later = await seedWithdrawalAt(
      seedingUnitOfWork(db.knex),
      parties,
      new Date(now + 400 * 86_400_000),
    );
    const { rows: where } = await db.knex.raw(
      'SELECT tableoid::regclass::text AS partition FROM withdrawal_history WHERE withdrawal_id = ?',
      [later.withdrawalId],
    );
    expect(where[0]?.partition).to.equal('withdrawal_history_default');

    await migrateDownBefore(db.knex, '0024-monthly-partitions');
    expect(await shapes(db.knex)).to.deep.equal(before);
    const down = await partitionedRows(db.knex);
    for (const table of TABLES)
      expect(down[table.name], table.name).to.include.members(migrated[table.name] as string[]);
    await migrateLatest(db.knex);
  });

  it('copies a table holding ids past the bound (made before ids were UUIDv7) into the partitions', async () => {
    const db = database();
    await migrateDownBefore(db.knex, '0024-monthly-partitions');
    const unitOfWork = seedingUnitOfWork(db.knex);
    const parties = await seedParties(unitOfWork);
    const old = await seedWithdrawalAt(unitOfWork, parties, new Date(Date.now() - 86_400_000));
    const v4 = {
      ...buildWebhookEvent(parties, old.withdrawalId, 2),
      id: 'f47ac10b-58cc-4372-a567-0e02b2c3d479',
    };
    await unitOfWork.run((tx) => tx.webhookEvents.insert(v4));
    const rows = await partitionedRows(db.knex);

    await migrateLatest(db.knex);

    expect(await partitionedRows(db.knex)).to.deep.equal(rows);
    const { rows: where } = await db.knex.raw(
      'SELECT id, tableoid::regclass::text AS partition FROM webhook_events WHERE withdrawal_id = ? ORDER BY sequence',
      [old.withdrawalId],
    );
    expect(where.map((r: { partition: string }) => r.partition)).to.deep.equal([
      'webhook_events_legacy',
      'webhook_events_default',
    ]);
    expect(
      await db.knex.raw("SELECT to_regclass('webhook_events_0024_copy') AS t").then((r) => r.rows[0].t),
    ).to.equal(null);
  });
});
