import type { Knex } from 'knex';
import { keyPartitionsByMonth, keyTablesAgain } from './month-keys-between-partitions.js';
import type { OnlineSteps } from './online-migration.js';

/**
 * A delivery's foreign key to its event, and an attempt's to its delivery, are held by each partition of
 * `webhook_deliveries` against the partition of `webhook_events` of the same month, and by each partition of
 * `webhook_attempts` against the partition of `webhook_deliveries` of the same month (the three are partitioned on
 * the event's id), instead of by each table against the partitioned table it references: PostgreSQL planned each
 * check again at every row (docs/decisions/0034-month-keys-between-partitions.md). Both stay ON DELETE CASCADE, and
 * an attempt still names its delivery, not its event (migration 0011). Online, as migration 0032: every
 * partition's key added NOT VALID and validated beside the traffic, and only then the tables' keys dropped.
 * Partitions made later get theirs from the partition maker.
 */
export const config = { transaction: false };

const TABLES = ['webhook_deliveries', 'webhook_attempts'];

export const up = (knex: Knex, steps: OnlineSteps): Promise<void> =>
  keyPartitionsByMonth(knex, steps, TABLES);

export const down = (knex: Knex): Promise<void> => keyTablesAgain(knex, TABLES);
