import type { Knex } from 'knex';
import { keyPartitionsByMonth, keyTablesAgain } from './month-keys-between-partitions.js';
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

const TABLES = ['ledger_lines'];

export const up = (knex: Knex, steps: OnlineSteps): Promise<void> =>
  keyPartitionsByMonth(knex, steps, TABLES);

export const down = (knex: Knex): Promise<void> => keyTablesAgain(knex, TABLES);
