import type { Knex } from 'knex';
import {
  type MonthKeyedTable,
  monthForeignKeyName,
  monthForeignKeyTo,
  monthKeyedTable,
  monthKeyPairs,
} from '../partitions/month-foreign-keys.js';
import { withPartitionDdl } from '../partitions/partition-maker.js';
import type { OnlineSteps } from './online-migration.js';

/**
 * Moves each of `tables`' foreign key from the table to its partitions, each against the referenced table's
 * partition of the same bounds (docs/decisions/0034-month-keys-between-partitions.md), beside the traffic: every
 * partition's key is added NOT VALID in one short transaction per table, each is validated in a transaction of its
 * own (a scan that lets reads and writes go on), and only then are the tables' keys dropped, so that no row goes
 * unchecked in between.
 */
export async function keyPartitionsByMonth(
  knex: Knex,
  steps: OnlineSteps,
  tables: readonly string[],
): Promise<void> {
  const keyed = tables.map(monthKeyedTable);
  for (const table of keyed)
    await withPartitionDdl(knex, async (trx) => {
      for (const { partition, target } of await monthKeyPairs(trx, table))
        await monthForeignKeyTo(trx, table, partition, target, false);
    });
  for (const table of keyed)
    for (const { partition } of await monthKeyPairs(knex, table))
      await steps.transaction((trx) =>
        trx.raw('ALTER TABLE ?? VALIDATE CONSTRAINT ??', [partition, monthForeignKeyName(table, partition)]),
      );
  for (const table of keyed)
    await withPartitionDdl(knex, (trx) =>
      trx.raw('ALTER TABLE ?? DROP CONSTRAINT IF EXISTS ??', [table.name, table.monthForeignKey.name]),
    );
}

/** Undoes `keyPartitionsByMonth`: each table's own key again (checked under its lock), its partitions' dropped. */
export async function keyTablesAgain(knex: Knex, tables: readonly string[]): Promise<void> {
  for (const table of tables.map(monthKeyedTable))
    await withPartitionDdl(knex, async (trx) => {
      await tableKey(trx, table);
      for (const { partition } of await monthKeyPairs(trx, table))
        await trx.raw('ALTER TABLE ?? DROP CONSTRAINT IF EXISTS ??', [
          partition,
          monthForeignKeyName(table, partition),
        ]);
    });
}

const tableKey = (trx: Knex.Transaction, table: MonthKeyedTable) => {
  const foreign = table.monthForeignKey;
  return trx.raw('ALTER TABLE ?? ADD CONSTRAINT ?? FOREIGN KEY (??) REFERENCES ?? (??) ON DELETE CASCADE', [
    table.name,
    foreign.name,
    foreign.column,
    foreign.table,
    foreign.references,
  ]);
};
