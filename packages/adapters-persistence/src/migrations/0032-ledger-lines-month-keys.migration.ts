import type { Knex } from 'knex';
import { partitionsOf } from '../partitions/partition-catalog.js';
import { monthForeignKeyName, monthForeignKeyTo, withPartitionDdl } from '../partitions/partition-maker.js';
import { FAMILIES, type PartitionedTable } from '../partitions/partitioned-tables.js';
import type { OnlineSteps } from './online-migration.js';

/**
 * A ledger line's foreign key to its entry is held by each partition of `ledger_lines` against the partition of
 * `ledger_entries` of the same month (both are partitioned on the entry's id), instead of by `ledger_lines`
 * against the partitioned `ledger_entries` (docs/decisions/0034-month-keys-between-partitions.md). Online: each
 * partition's key is added NOT VALID in a short transaction and validated beside the traffic, and only then is
 * the table's key dropped, so no line goes unchecked in between. Partitions made later get theirs from the
 * partition maker.
 */
export const config = { transaction: false };

const lines = (): PartitionedTable => {
  const table = FAMILIES.flatMap((family) => family.tables).find((t) => t.name === 'ledger_lines');
  if (!table?.monthForeignKey) throw new Error('ledger_lines has no month foreign key');
  return table;
};

/** Each partition of ledger_lines with the partition of ledger_entries of the same bounds. */
async function pairs(knex: Knex): Promise<Array<{ partition: string; target: string }>> {
  const table = lines();
  const foreign = table.monthForeignKey as NonNullable<PartitionedTable['monthForeignKey']>;
  const targets = await partitionsOf(knex, foreign.table);
  return (await partitionsOf(knex, table.name)).map((partition) => {
    const target = targets.find(
      (t) => t.isDefault === partition.isDefault && t.from === partition.from && t.to === partition.to,
    );
    if (!target) throw new Error(`${partition.name} has no partition of ${foreign.table} with its bounds`);
    return { partition: partition.name, target: target.name };
  });
}

export const up = async (knex: Knex, steps: OnlineSteps): Promise<void> => {
  const table = lines();
  await withPartitionDdl(knex, async (trx) => {
    for (const { partition, target } of await pairs(trx))
      await monthForeignKeyTo(trx, table, partition, target, false);
  });
  for (const { partition } of await pairs(knex))
    await steps.transaction((trx) =>
      trx.raw('ALTER TABLE ?? VALIDATE CONSTRAINT ??', [partition, monthForeignKeyName(table, partition)]),
    );
  await withPartitionDdl(knex, (trx) =>
    trx.raw('ALTER TABLE ledger_lines DROP CONSTRAINT IF EXISTS ledger_lines_entry_id_fkey'),
  );
};

export const down = async (knex: Knex): Promise<void> => {
  const table = lines();
  await withPartitionDdl(knex, async (trx) => {
    await trx.raw(
      'ALTER TABLE ledger_lines ADD CONSTRAINT ledger_lines_entry_id_fkey FOREIGN KEY (entry_id) REFERENCES ledger_entries (id) ON DELETE CASCADE',
    );
    for (const { partition } of await pairs(trx))
      await trx.raw('ALTER TABLE ?? DROP CONSTRAINT IF EXISTS ??', [
        partition,
        monthForeignKeyName(table, partition),
      ]);
  });
};
