import type { Knex } from 'knex';
import {
  addMonthForeignKey,
  hasConstraint,
  MONTH_KEYED_TABLES,
  monthForeignKeyName,
  monthForeignKeyTo,
  monthKeyPairs,
} from './month-foreign-keys.js';
import { addMonths, type Month, monthOf, monthRange } from './months.js';
import { columnList, nameIndexesAfterTable, partitionHolding, partitionsOf } from './partition-catalog.js';
import {
  defaultPartition,
  FAMILIES,
  monthPartition,
  type PartitionedTable,
  partitionIndexName,
  type TableFamily,
} from './partitioned-tables.js';

/** Months made ahead of the current one: a job that stops running leaves two months before inserts fall to the default. */
const MONTHS_AHEAD = 2;

/** Any constant of this service: partition DDL by the job, the migration and the archive runs one at a time. */
export const PARTITION_DDL_LOCK = 7_401_926_340;

/**
 * How long a DDL statement waits for a lock before it gives up and the step is tried again: waiting longer would
 * hold every query on the table queued behind it.
 */
export const DDL_LOCK_TIMEOUT = '3s';

/** Runs `work` in a transaction holding the partition DDL lock, with DDL_LOCK_TIMEOUT; tried again on a lock timeout or a deadlock. */
export async function withPartitionDdl<T>(
  knex: Knex,
  work: (trx: Knex.Transaction) => Promise<T>,
): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await knex.transaction(async (trx) => {
        await trx.raw(`SET LOCAL lock_timeout = '${DDL_LOCK_TIMEOUT}'`);
        await trx.raw('SELECT pg_advisory_xact_lock(?)', [PARTITION_DDL_LOCK]);
        return work(trx);
      });
    } catch (error) {
      // lock_not_available, or a deadlock with a writer: nothing of the step was committed; it waits its turn again.
      const code = (error as { code?: string }).code;
      if ((code !== '55P03' && code !== '40P01') || attempt >= 20) throw error;
      await new Promise((resolve) => setTimeout(resolve, attempt * 250));
    }
  }
}

/**
 * The month's partition of every table of `family`, made where no partition covers the month yet. Each is made as
 * a table of its own and attached (which holds the partitioned table with SHARE UPDATE EXCLUSIVE, letting reads and
 * writes go on). Rows of the month that fell into the default partition meanwhile move into it first.
 */
export async function ensureMonthPartition(knex: Knex, family: TableFamily, month: Month): Promise<string[]> {
  return withPartitionDdl(knex, async (trx) => {
    const { from, to } = monthRange(month);
    const missing: PartitionedTable[] = [];
    for (const table of family.tables)
      if (!partitionHolding(await partitionsOf(trx, table.name), from)) missing.push(table);
    if (missing.length === 0) return [];
    for (const table of missing) {
      const partition = monthPartition(table.name, month);
      await trx.raw('CREATE TABLE ?? (LIKE ?? INCLUDING DEFAULTS INCLUDING CONSTRAINTS)', [
        partition,
        table.name,
      ]);
      for (const unique of table.ownUniques) await createOwnUnique(trx, table, partition, unique);
      const columns = await columnList(trx, table.name);
      await trx.raw(`INSERT INTO ?? (${columns}) SELECT ${columns} FROM ?? WHERE ?? >= ? AND ?? < ?`, [
        partition,
        defaultPartition(table.name),
        table.key,
        from,
        table.key,
        to,
      ]);
    }
    // Children first: a parent row leaving the default must not take its children with it (ON DELETE CASCADE).
    for (const table of [...missing].reverse())
      await trx.raw('DELETE FROM ?? WHERE ?? >= ? AND ?? < ?', [
        defaultPartition(table.name),
        table.key,
        from,
        table.key,
        to,
      ]);
    for (const table of missing) {
      const partition = monthPartition(table.name, month);
      // DDL takes no parameters; the bounds are uuids this module made.
      await trx.raw(`ALTER TABLE ?? ATTACH PARTITION ?? FOR VALUES FROM ('${from}') TO ('${to}')`, [
        table.name,
        partition,
      ]);
      await nameIndexesAfterTable(trx, table.name, partition);
    }
    // Once attached, the referenced partitions hold their primary keys; the keys go in with the partitions.
    for (const table of missing)
      await addMonthForeignKey(trx, table, monthPartition(table.name, month), from);
    return missing.map((table) => monthPartition(table.name, month));
  });
}

/** A unique index of the partition's own (see `PartitionedTable.ownUniques`). */
export async function createOwnUnique(
  db: Knex | Knex.Transaction,
  table: PartitionedTable,
  partition: string,
  unique: PartitionedTable['ownUniques'][number],
): Promise<void> {
  const name = partitionIndexName(table.name, partition, unique.name);
  await db.raw(
    `CREATE UNIQUE INDEX IF NOT EXISTS ?? ON ?? ${unique.columns}${unique.where ? ` WHERE ${unique.where}` : ''}`,
    [name, partition],
  );
}

/**
 * The partitions of the current month and the `ahead` after it, for every family: what the migration and the
 * scheduled job (PARTITIONS_CRON) make. Returns the partitions it made.
 */
export async function ensurePartitionsAhead(knex: Knex, now: Date, ahead = MONTHS_AHEAD): Promise<string[]> {
  const made: string[] = [];
  for (let offset = 0; offset <= ahead; offset += 1)
    for (const family of FAMILIES)
      made.push(...(await ensureMonthPartition(knex, family, addMonths(monthOf(now), offset))));
  return made;
}

/**
 * Gives each partition of a month-keyed table the month key it lacks, once the table's own key is gone (the
 * month-keys migrations drop it last). While two releases run side by side, the older one's maker makes partitions
 * without month keys, and then no key checks their rows: the next run of the scheduled job keys them, NOT VALID in
 * a short transaction, then validated in one of its own (a scan that lets reads and writes go on). Returns the
 * partitions it keyed.
 */
export async function keyUnkeyedPartitions(knex: Knex): Promise<string[]> {
  const keyed: string[] = [];
  for (const table of MONTH_KEYED_TABLES) {
    // Collected per attempt: withPartitionDdl runs the work again after a lock timeout.
    const added = await withPartitionDdl(knex, async (trx) => {
      if (await hasConstraint(trx, table.name, table.monthForeignKey.name)) return [];
      const partitions: string[] = [];
      for (const { partition, target } of await monthKeyPairs(trx, table))
        if (await monthForeignKeyTo(trx, table, partition, target, false)) partitions.push(partition);
      return partitions;
    });
    for (const partition of added)
      await withPartitionDdl(knex, (trx) =>
        trx.raw('ALTER TABLE ?? VALIDATE CONSTRAINT ??', [partition, monthForeignKeyName(table, partition)]),
      );
    keyed.push(...added);
  }
  return keyed;
}
