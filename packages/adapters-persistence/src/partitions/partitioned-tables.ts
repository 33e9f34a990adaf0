import type { Month } from './months.js';

/** A unique index each partition holds of its own, named as the table's was before partitioning. */
export interface OwnUnique {
  readonly name: string;
  readonly columns: string;
  readonly where?: string;
}

/** A table whose rows each belong to a month by a UUIDv7 column, and so are archived month by month. */
export interface MonthRows {
  readonly name: string;
  /** The row's month: the row's own id, or its parent's, so that a row lives in its parent's month. */
  readonly key: string;
  /** The columns that name one row, in the order its archive file is written. */
  readonly rowKey: readonly string[];
}

/**
 * A table partitioned by month on its key (docs/decisions/0024-partitions-by-the-id-month.md).
 */
export interface PartitionedTable extends MonthRows {
  /**
   * Unique indexes whose columns leave out the partition key: PostgreSQL cannot enforce them across partitions,
   * so each partition holds its own (unique within the month).
   */
  readonly ownUniques: readonly OwnUnique[];
  /**
   * A foreign key to a table of the family partitioned on the same key, held by each partition against the
   * other table's partition of the same month rather than by the table against the other table: a check of the
   * key then probes one plain table, planned once, instead of the partitioned table, planned again at every row
   * (docs/decisions/0034-month-keys-between-partitions.md).
   */
  readonly monthForeignKey?: MonthForeignKey;
}

/** `FOREIGN KEY (column) REFERENCES <table's partition of the month> (references) ON DELETE CASCADE`. */
export interface MonthForeignKey {
  /** The constraint's name on the partitioned table, from which each partition's is named. */
  readonly name: string;
  readonly column: string;
  readonly table: string;
  readonly references: string;
}

export type FamilyName = 'withdrawal-history' | 'webhooks' | 'ledger' | 'reconciliation';

/** Tables archived and restored together, month by month: each references the ones before it (parents first). */
export interface TableFamily {
  readonly name: FamilyName;
  /**
   * What the tables' keys are: UUIDv7s, whose month is their first 48 bits (every partitioned family), or dates and
   * times, whose month is the UTC calendar's.
   */
  readonly keys?: 'uuidv7' | 'time';
  readonly tables: readonly PartitionedTable[];
  /**
   * Tables too small to partition whose rows belong to the family's months by the same key: exported, deleted and
   * restored with each month, after its partitioned tables.
   */
  readonly alongside?: readonly MonthRows[];
}

export const FAMILIES: readonly TableFamily[] = [
  {
    name: 'withdrawal-history',
    tables: [
      {
        name: 'withdrawal_history',
        key: 'withdrawal_id',
        rowKey: ['withdrawal_id', 'sequence'],
        ownUniques: [],
      },
    ],
    // What a multi-step rail made at its provider for the withdrawal (migration 0021): read only while it is
    // submitted, kept as long as the withdrawal's history.
    alongside: [{ name: 'rail_steps', key: 'withdrawal_id', rowKey: ['withdrawal_id', 'step'] }],
  },
  {
    name: 'webhooks',
    tables: [
      {
        name: 'webhook_events',
        key: 'id',
        rowKey: ['id'],
        ownUniques: [
          { name: 'webhook_events_one_per_change', columns: '(withdrawal_id, sequence)' },
          {
            name: 'webhook_events_one_per_account_change',
            columns: '(linked_account_id, sequence)',
            where: 'linked_account_id IS NOT NULL',
          },
        ],
      },
      {
        name: 'webhook_deliveries',
        key: 'event_id',
        rowKey: ['event_id'],
        ownUniques: [],
        monthForeignKey: {
          name: 'webhook_deliveries_event_id_fkey',
          column: 'event_id',
          table: 'webhook_events',
          references: 'id',
        },
      },
      {
        name: 'webhook_attempts',
        key: 'event_id',
        rowKey: ['event_id', 'attempt'],
        ownUniques: [{ name: 'webhook_attempts_pkey', columns: '(id)' }],
        // The delivery, not the event: the check locks the row the attempt's transaction updates anyway
        // (migration 0011).
        monthForeignKey: {
          name: 'webhook_attempts_event_id_fkey',
          column: 'event_id',
          table: 'webhook_deliveries',
          references: 'event_id',
        },
      },
    ],
  },
  {
    name: 'ledger',
    tables: [
      {
        name: 'ledger_entries',
        key: 'id',
        rowKey: ['id'],
        ownUniques: [
          { name: 'ledger_entries_posted_seq_key', columns: '(posted_seq)' },
          { name: 'ledger_entries_one_per_withdrawal_kind', columns: '(withdrawal_id, kind)' },
        ],
      },
      {
        name: 'ledger_lines',
        key: 'entry_id',
        rowKey: ['entry_id', 'position'],
        ownUniques: [],
        monthForeignKey: {
          name: 'ledger_lines_entry_id_fkey',
          column: 'entry_id',
          table: 'ledger_entries',
          references: 'id',
        },
      },
    ],
  },
  {
    // What reconciliation read and decided, by the provider's day: the providers' records, the exceptions and the
    // runs (migration 0027), and the simulated provider's book by when it accepted each payout.
    name: 'reconciliation',
    keys: 'time',
    tables: [],
    alongside: [
      { name: 'provider_records', key: 'day', rowKey: ['provider', 'provider_id'] },
      { name: 'reconciliation_exceptions', key: 'day', rowKey: ['id'] },
      { name: 'reconciliation_runs', key: 'day', rowKey: ['id'] },
      { name: 'simulated_payouts', key: 'accepted_at', rowKey: ['provider_id'] },
    ],
  },
];

/** Every table a family archives, in the order its files are written and restored: parents first. */
export const archivedTables = (family: TableFamily): readonly MonthRows[] => [
  ...family.tables,
  ...(family.alongside ?? []),
];

/** `webhook_events_p202612`: the month's partition. */
export const monthPartition = (table: string, { year, month }: Month): string =>
  `${table}_p${year}${String(month).padStart(2, '0')}`;

/** The partition that holds the rows from before partitioning (up to the month migration 0024 ran in, or the next). */
export const legacyPartition = (table: string): string => `${table}_legacy`;

/** The partition that takes rows no month partition covers (ids that are not UUIDv7, or a clock far ahead). */
export const defaultPartition = (table: string): string => `${table}_default`;

/**
 * A partition's copy of the table's index `index`: the partition's name in place of the table's
 * (`webhook_attempts_once` on `webhook_attempts_p202612` is `webhook_attempts_p202612_once`).
 */
export const partitionIndexName = (table: string, partition: string, index: string): string =>
  `${partition}${index.slice(table.length)}`;
