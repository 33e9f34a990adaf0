import type { Knex } from 'knex';
import { partitionHolding, partitionsOf } from './partition-catalog.js';
import {
  FAMILIES,
  type MonthForeignKey,
  type PartitionedTable,
  partitionIndexName,
} from './partitioned-tables.js';

type Db = Knex | Knex.Transaction;

/** A table that declares a month foreign key (`PartitionedTable.monthForeignKey`). */
export type MonthKeyedTable = PartitionedTable & { readonly monthForeignKey: MonthForeignKey };

/** Every table that declares a month foreign key. */
export const MONTH_KEYED_TABLES: readonly MonthKeyedTable[] = FAMILIES.flatMap(
  (family) => family.tables,
).filter((table): table is MonthKeyedTable => table.monthForeignKey !== undefined);

/** The partitioned table `name`, which must declare a month foreign key. */
export function monthKeyedTable(name: string): MonthKeyedTable {
  const table = MONTH_KEYED_TABLES.find((t) => t.name === name);
  if (!table) throw new Error(`${name} has no month foreign key`);
  return table;
}

/** `ledger_lines_p202701_entry_id_fkey`: a partition's month foreign key, named after the table's. */
export const monthForeignKeyName = (table: PartitionedTable, partition: string): string =>
  partitionIndexName(table.name, partition, (table.monthForeignKey as MonthForeignKey).name);

/**
 * Each partition of `table` with the partition of the table its month foreign key references that has the same
 * bounds (the legacy with the legacy, the default with the default); throws when one has none.
 */
export async function monthKeyPairs(
  db: Db,
  table: MonthKeyedTable,
): Promise<Array<{ partition: string; target: string }>> {
  const foreign = table.monthForeignKey;
  const targets = await partitionsOf(db, foreign.table);
  return (await partitionsOf(db, table.name)).map((partition) => {
    const target = targets.find(
      (t) => t.isDefault === partition.isDefault && t.from === partition.from && t.to === partition.to,
    );
    if (!target) throw new Error(`${partition.name} has no partition of ${foreign.table} with its bounds`);
    return { partition: partition.name, target: target.name };
  });
}

/**
 * The partition's own foreign key to the referenced table's partition holding `key` (see
 * `PartitionedTable.monthForeignKey`), for a table that declares one.
 */
export async function addMonthForeignKey(
  db: Db,
  table: PartitionedTable,
  partition: string,
  key: string,
): Promise<void> {
  const foreign = table.monthForeignKey;
  if (!foreign) return;
  const target = partitionHolding(await partitionsOf(db, foreign.table), key);
  if (!target)
    throw new Error(`no partition of ${foreign.table} holds ${key}: ${partition} cannot reference it`);
  await monthForeignKeyTo(db, table, partition, target.name);
}

/**
 * Adds `partition`'s month foreign key to `target`, unless it has it; `valid: false` adds it NOT VALID. True when
 * it added the key.
 */
export async function monthForeignKeyTo(
  db: Db,
  table: PartitionedTable,
  partition: string,
  target: string,
  valid = true,
): Promise<boolean> {
  const foreign = table.monthForeignKey;
  if (!foreign) return false;
  const name = monthForeignKeyName(table, partition);
  if (await hasConstraint(db, partition, name)) return false;
  await db.raw(
    `ALTER TABLE ?? ADD CONSTRAINT ?? FOREIGN KEY (??) REFERENCES ?? (??) ON DELETE CASCADE${valid ? '' : ' NOT VALID'}`,
    [partition, name, foreign.column, target, foreign.references],
  );
  return true;
}

/** Whether the relation `relation` has a constraint named `name` of its own. */
export async function hasConstraint(db: Db, relation: string, name: string): Promise<boolean> {
  const { rows } = await db.raw<{ rows: unknown[] }>(
    'SELECT 1 FROM pg_constraint WHERE conrelid = to_regclass(?) AND conname = ?',
    [relation, name],
  );
  return rows.length > 0;
}
