import type { Knex } from 'knex';
import { addMonths, monthBound, monthOf } from '../partitions/months.js';
import {
  columnList,
  isPartitioned,
  nameIndexesAfterTable,
  partitionsOf,
} from '../partitions/partition-catalog.js';
import { createOwnUnique, ensurePartitionsAhead, withPartitionDdl } from '../partitions/partition-maker.js';
import {
  defaultPartition,
  FAMILIES,
  legacyPartition,
  type PartitionedTable,
  partitionIndexName,
} from '../partitions/partitioned-tables.js';

/**
 * History, webhook events with their deliveries and attempts, and ledger postings are partitioned by the month of
 * a UUIDv7 (docs/decisions/0024-partitions-by-the-id-month.md), each table keeping its name, columns, checks,
 * foreign keys and indexes. Online, table by table, while processes of the version before go on writing:
 * 1. Each table's NOT VALID constraints are validated, and a NOT VALID `key < bound` check added and validated
 *    (a scan that lets reads and writes go on); the bound is the start of next month, or of the one after when
 *    the month ends within a week, so that no row written while this runs falls past it.
 * 2. A foreign key into a table already partitioned is added NOT VALID and validated, then takes the old one's name.
 * 3. The partitioned table is made under a name of its own, with its foreign keys, checks and indexes.
 * 4. One short transaction locks the old table only, renames it `<table>_legacy`, gives the partitioned table the
 *    old name (and its indexes theirs), and attaches the legacy table as the partition of everything below the
 *    bound, which the check lets PostgreSQL accept without a scan; a default partition takes ids no month covers.
 *    Statements prepared on the old table are planned again on the new one (same columns, same order).
 * A table holding keys past the bound (ids made before the service's ids were UUIDv7, or fixtures) is copied into
 * the new partitions inside that transaction instead, holding it locked while it copies.
 * Then the month partitions from the bound to two months ahead are made. Down copies every row back into plain
 * tables, holding them locked.
 */
export const config = { transaction: false };

interface TableShape {
  readonly table: PartitionedTable;
  /** What the partitioned table holds: each includes the key. */
  readonly constraints: Readonly<Record<string, string>>;
  readonly indexes: Readonly<Record<string, string>>;
  /** The old table's foreign key into a table partitioned before it, re-made against the partitioned one. */
  readonly intoFamily?: { readonly name: string; readonly definition: string };
}

const tableOf = (name: string): PartitionedTable =>
  FAMILIES.flatMap((family) => family.tables).find((table) => table.name === name) as PartitionedTable;

/** In order: each table's foreign keys into the family name tables before it. */
const SHAPES: readonly TableShape[] = [
  {
    table: tableOf('webhook_events'),
    constraints: {
      webhook_events_pkey: 'PRIMARY KEY (id)',
      webhook_events_merchant_id_fkey: 'FOREIGN KEY (merchant_id) REFERENCES merchants (id)',
      webhook_events_withdrawal_id_fkey: 'FOREIGN KEY (withdrawal_id) REFERENCES withdrawals (id)',
      webhook_events_linked_account_id_fkey:
        'FOREIGN KEY (linked_account_id) REFERENCES linked_accounts (id)',
    },
    indexes: { webhook_events_merchant_list_idx: '(merchant_id, created_at, id)' },
  },
  {
    table: tableOf('webhook_deliveries'),
    constraints: {
      webhook_deliveries_pkey: 'PRIMARY KEY (event_id)',
      webhook_deliveries_event_id_fkey:
        'FOREIGN KEY (event_id) REFERENCES webhook_events (id) ON DELETE CASCADE',
    },
    indexes: { webhook_deliveries_due_idx: '(next_attempt_at) WHERE next_attempt_at IS NOT NULL' },
    intoFamily: {
      name: 'webhook_deliveries_event_id_fkey',
      definition: 'FOREIGN KEY (event_id) REFERENCES webhook_events (id) ON DELETE CASCADE',
    },
  },
  {
    table: tableOf('webhook_attempts'),
    constraints: {
      webhook_attempts_once: 'UNIQUE (event_id, attempt)',
      webhook_attempts_event_id_fkey:
        'FOREIGN KEY (event_id) REFERENCES webhook_deliveries (event_id) ON DELETE CASCADE',
    },
    indexes: {},
    intoFamily: {
      name: 'webhook_attempts_event_id_fkey',
      definition: 'FOREIGN KEY (event_id) REFERENCES webhook_deliveries (event_id) ON DELETE CASCADE',
    },
  },
  {
    table: tableOf('withdrawal_history'),
    constraints: {
      withdrawal_history_pkey: 'PRIMARY KEY (withdrawal_id, sequence)',
      withdrawal_history_withdrawal_id_fkey:
        'FOREIGN KEY (withdrawal_id) REFERENCES withdrawals (id) ON DELETE CASCADE',
    },
    indexes: {},
  },
  {
    table: tableOf('ledger_entries'),
    constraints: {
      ledger_entries_pkey: 'PRIMARY KEY (id)',
      ledger_entries_wallet_id_fkey: 'FOREIGN KEY (wallet_id) REFERENCES wallets (id)',
      ledger_entries_withdrawal_id_fkey:
        'FOREIGN KEY (withdrawal_id) REFERENCES withdrawals (id) DEFERRABLE INITIALLY DEFERRED',
    },
    indexes: {
      ledger_entries_wallet_idx: '(wallet_id, posted_seq)',
      ledger_entries_wallet_credits_idx: "(wallet_id) WHERE kind = 'WALLET_CREDIT'",
    },
  },
  {
    table: tableOf('ledger_lines'),
    constraints: {
      ledger_lines_pkey: 'PRIMARY KEY (entry_id, position)',
      ledger_lines_entry_id_fkey: 'FOREIGN KEY (entry_id) REFERENCES ledger_entries (id) ON DELETE CASCADE',
    },
    indexes: {},
    intoFamily: {
      name: 'ledger_lines_entry_id_fkey',
      definition: 'FOREIGN KEY (entry_id) REFERENCES ledger_entries (id) ON DELETE CASCADE',
    },
  },
];

/** The table whose identity column continues on the partitioned table. */
const IDENTITY = { table: 'ledger_entries', column: 'posted_seq' };
/** Migration 0016's trigger, which wakes the webhook workers. */
const DUE_TRIGGER = {
  table: 'webhook_deliveries',
  create: `CREATE TRIGGER webhook_deliveries_due AFTER INSERT ON webhook_deliveries
             FOR EACH STATEMENT EXECUTE FUNCTION payout_notify_webhooks_due()`,
};
/** Old tables copied rather than attached, dropped once nothing references them. */
const copyOf = (table: string) => `${table}_0024_copy`;
const boundCheck = (table: string) => `${table}_0024_bound`;

/** Start of next month, or of the one after when this one ends within a week. */
function legacyBound(now: Date): string {
  const soon = new Date(now.getTime() + 7 * 24 * 3600 * 1000);
  return monthBound(addMonths(monthOf(soon), 1));
}

/** Step 1, online: validated constraints, and the bound check when every key is below the bound. */
async function prepare(knex: Knex, { table }: TableShape, bound: string): Promise<void> {
  const { rows: invalid } = await knex.raw<{ rows: Array<{ name: string }> }>(
    `SELECT conname AS name FROM pg_constraint
      WHERE conrelid = to_regclass(?) AND NOT convalidated AND conname <> ?`,
    [table.name, boundCheck(table.name)],
  );
  for (const { name } of invalid) await knex.raw('ALTER TABLE ?? VALIDATE CONSTRAINT ??', [table.name, name]);
  const { rows: past } = await knex.raw<{ rows: unknown[] }>('SELECT 1 FROM ?? WHERE ?? >= ? LIMIT 1', [
    table.name,
    table.key,
    bound,
  ]);
  if (past.length > 0) return;
  await withPartitionDdl(knex, async (trx) => {
    await trx.raw('ALTER TABLE ?? DROP CONSTRAINT IF EXISTS ??', [table.name, boundCheck(table.name)]);
    await trx.raw(`ALTER TABLE ?? ADD CONSTRAINT ?? CHECK (?? < '${bound}') NOT VALID`, [
      table.name,
      boundCheck(table.name),
      table.key,
    ]);
  });
  await knex.raw('ALTER TABLE ?? VALIDATE CONSTRAINT ??', [table.name, boundCheck(table.name)]);
}

/** Step 2, online: the old table's foreign key re-made against the partitioned table it references. */
async function repointInto(knex: Knex, { table, intoFamily }: TableShape): Promise<void> {
  if (!intoFamily) return;
  const fresh = `${intoFamily.name}_0024`;
  await withPartitionDdl(knex, async (trx) => {
    await trx.raw('ALTER TABLE ?? DROP CONSTRAINT IF EXISTS ??', [table.name, fresh]);
    await trx.raw(`ALTER TABLE ?? ADD CONSTRAINT ?? ${intoFamily.definition} NOT VALID`, [table.name, fresh]);
  });
  await knex.raw('ALTER TABLE ?? VALIDATE CONSTRAINT ??', [table.name, fresh]);
  await withPartitionDdl(knex, async (trx) => {
    await trx.raw('ALTER TABLE ?? DROP CONSTRAINT ??', [table.name, intoFamily.name]);
    await trx.raw('ALTER TABLE ?? RENAME CONSTRAINT ?? TO ??', [table.name, fresh, intoFamily.name]);
  });
}

async function hasValidBound(trx: Knex.Transaction, table: string): Promise<boolean> {
  const { rows } = await trx.raw<{ rows: unknown[] }>(
    'SELECT 1 FROM pg_constraint WHERE conrelid = to_regclass(?) AND conname = ? AND convalidated',
    [table, boundCheck(table)],
  );
  return rows.length > 0;
}

const fresh = (table: string) => `${table}_0024_new`;
const freshIndex = (name: string) => `${name}_0024`;

/**
 * Step 3, before the swap: the partitioned table made under a name of its own, with its constraints and indexes.
 * Its foreign keys lock the tables they reference for a moment here, while this transaction holds nothing else.
 */
async function build(knex: Knex, shape: TableShape): Promise<void> {
  const { table } = shape;
  const name = fresh(table.name);
  await withPartitionDdl(knex, async (trx) => {
    await trx.raw('DROP TABLE IF EXISTS ??', [name]);
    await trx.raw(
      'CREATE TABLE ?? (LIKE ?? INCLUDING DEFAULTS INCLUDING CONSTRAINTS) PARTITION BY RANGE (??)',
      [name, table.name, table.key],
    );
    await trx.raw('ALTER TABLE ?? DROP CONSTRAINT IF EXISTS ??', [name, boundCheck(table.name)]);
    if (table.name === IDENTITY.table)
      await trx.raw('ALTER TABLE ?? ALTER COLUMN ?? ADD GENERATED ALWAYS AS IDENTITY', [
        name,
        IDENTITY.column,
      ]);
    for (const [constraint, definition] of Object.entries(shape.constraints)) {
      const keyed = /^(PRIMARY KEY|UNIQUE)/.test(definition);
      await trx.raw(`ALTER TABLE ?? ADD CONSTRAINT ?? ${definition}`, [
        name,
        keyed ? freshIndex(constraint) : constraint,
      ]);
    }
    for (const [index, definition] of Object.entries(shape.indexes))
      await trx.raw(`CREATE INDEX ?? ON ?? ${definition}`, [freshIndex(index), name]);
    if (table.name === DUE_TRIGGER.table)
      await trx.raw(DUE_TRIGGER.create.replace(' ON webhook_deliveries', ` ON ${name}`));
  });
}

/**
 * Step 4: the short transaction that puts the partitioned table in the old one's place. It locks the old table
 * and renames: no foreign key is made here, so it waits for no other table.
 */
async function swap(knex: Knex, shape: TableShape, bound: string): Promise<void> {
  const { table } = shape;
  await withPartitionDdl(knex, async (trx) => {
    if (await isPartitioned(trx, table.name)) return;
    await trx.raw('LOCK TABLE ??, ?? IN ACCESS EXCLUSIVE MODE', [table.name, fresh(table.name)]);
    const attach = await hasValidBound(trx, table.name);
    const old = attach ? legacyPartition(table.name) : copyOf(table.name);
    await trx.raw('ALTER TABLE ?? RENAME TO ??', [table.name, old]);
    for (const name of await indexesOf(trx, old))
      await trx.raw('ALTER INDEX ?? RENAME TO ??', [name, partitionIndexName(table.name, old, name)]);
    await trx.raw('ALTER TABLE ?? RENAME TO ??', [fresh(table.name), table.name]);
    for (const name of await indexesOf(trx, table.name))
      await trx.raw('ALTER INDEX ?? RENAME TO ??', [name, name.replace(/_0024$/, '')]);
    if (table.name === IDENTITY.table) {
      const sequence = `${IDENTITY.table}_${IDENTITY.column}_seq`;
      const { rows } = await trx.raw<{ rows: Array<{ next: string }> }>(
        `SELECT CASE WHEN is_called THEN last_value + 1 ELSE last_value END AS next FROM ${sequence}`,
      );
      await trx.raw('ALTER TABLE ?? ALTER COLUMN ?? DROP IDENTITY', [old, IDENTITY.column]);
      const { rows: owned } = await trx.raw<{ rows: Array<{ name: string }> }>(
        'SELECT pg_get_serial_sequence(?, ?) AS name',
        [table.name, IDENTITY.column],
      );
      await trx.raw(`ALTER SEQUENCE ${owned[0]?.name} RENAME TO ${sequence}`);
      await trx.raw(`ALTER TABLE ?? ALTER COLUMN ?? RESTART WITH ${Number(rows[0]?.next ?? 1)}`, [
        table.name,
        IDENTITY.column,
      ]);
    }
    if (table.name === DUE_TRIGGER.table) await trx.raw('DROP TRIGGER webhook_deliveries_due ON ??', [old]);
    if (attach) {
      await trx.raw(`ALTER TABLE ?? ATTACH PARTITION ?? FOR VALUES FROM (MINVALUE) TO ('${bound}')`, [
        table.name,
        old,
      ]);
      await trx.raw('ALTER TABLE ?? DROP CONSTRAINT ??', [old, boundCheck(table.name)]);
    } else {
      await trx.raw(`CREATE TABLE ?? PARTITION OF ?? FOR VALUES FROM (MINVALUE) TO ('${bound}')`, [
        legacyPartition(table.name),
        table.name,
      ]);
      for (const unique of table.ownUniques)
        await createOwnUnique(trx, table, legacyPartition(table.name), unique);
      await nameIndexesAfterTable(trx, table.name, legacyPartition(table.name));
    }
    await trx.raw('CREATE TABLE ?? PARTITION OF ?? DEFAULT', [defaultPartition(table.name), table.name]);
    for (const unique of table.ownUniques)
      await createOwnUnique(trx, table, defaultPartition(table.name), unique);
    await nameIndexesAfterTable(trx, table.name, defaultPartition(table.name));
    if (!attach) {
      const columns = await columnList(trx, table.name);
      const overriding = table.name === IDENTITY.table ? 'OVERRIDING SYSTEM VALUE' : '';
      await trx.raw(`INSERT INTO ?? (${columns}) ${overriding} SELECT ${columns} FROM ??`, [table.name, old]);
    }
  });
}

async function indexesOf(db: Knex | Knex.Transaction, table: string): Promise<string[]> {
  const { rows } = await db.raw<{ rows: Array<{ name: string }> }>(
    'SELECT c.relname AS name FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid WHERE i.indrelid = to_regclass(?)',
    [table],
  );
  return rows.map((row) => row.name);
}

/** The bound a run stopped part-way chose (its tables already swapped), else this run's. */
async function boundOf(knex: Knex): Promise<string> {
  for (const { table } of SHAPES) {
    const legacy = (await partitionsOf(knex, table.name)).find((p) => p.name === legacyPartition(table.name));
    if (legacy?.to) return legacy.to;
  }
  return legacyBound(new Date());
}

export const up = async (knex: Knex): Promise<void> => {
  const bound = await boundOf(knex);
  for (const shape of SHAPES) {
    if (await isPartitioned(knex, shape.table.name)) continue;
    await prepare(knex, shape, bound);
    await repointInto(knex, shape);
    await build(knex, shape);
    await swap(knex, shape, bound);
  }
  for (const shape of [...SHAPES].reverse())
    await knex.raw('DROP TABLE IF EXISTS ??', [copyOf(shape.table.name)]);
  await ensurePartitionsAhead(knex, new Date());
};

/** The constraints and indexes each table had before, as 0004–0022 made them. */
const BEFORE: Readonly<Record<string, readonly string[]>> = {
  webhook_events: [
    'ADD CONSTRAINT webhook_events_pkey PRIMARY KEY (id)',
    'ADD CONSTRAINT webhook_events_one_per_change UNIQUE (withdrawal_id, sequence)',
    'ADD CONSTRAINT webhook_events_merchant_id_fkey FOREIGN KEY (merchant_id) REFERENCES merchants (id)',
    'ADD CONSTRAINT webhook_events_withdrawal_id_fkey FOREIGN KEY (withdrawal_id) REFERENCES withdrawals (id)',
    'ADD CONSTRAINT webhook_events_linked_account_id_fkey FOREIGN KEY (linked_account_id) REFERENCES linked_accounts (id)',
  ],
  webhook_deliveries: [
    'ADD CONSTRAINT webhook_deliveries_pkey PRIMARY KEY (event_id)',
    'ADD CONSTRAINT webhook_deliveries_event_id_fkey FOREIGN KEY (event_id) REFERENCES webhook_events (id) ON DELETE CASCADE',
  ],
  webhook_attempts: [
    'ADD CONSTRAINT webhook_attempts_pkey PRIMARY KEY (id)',
    'ADD CONSTRAINT webhook_attempts_once UNIQUE (event_id, attempt)',
    'ADD CONSTRAINT webhook_attempts_event_id_fkey FOREIGN KEY (event_id) REFERENCES webhook_deliveries (event_id) ON DELETE CASCADE',
  ],
  withdrawal_history: [
    'ADD CONSTRAINT withdrawal_history_pkey PRIMARY KEY (withdrawal_id, sequence)',
    'ADD CONSTRAINT withdrawal_history_withdrawal_id_fkey FOREIGN KEY (withdrawal_id) REFERENCES withdrawals (id) ON DELETE CASCADE',
  ],
  ledger_entries: [
    'ADD CONSTRAINT ledger_entries_pkey PRIMARY KEY (id)',
    'ADD CONSTRAINT ledger_entries_posted_seq_key UNIQUE (posted_seq)',
    'ADD CONSTRAINT ledger_entries_one_per_withdrawal_kind UNIQUE (withdrawal_id, kind)',
    'ADD CONSTRAINT ledger_entries_wallet_id_fkey FOREIGN KEY (wallet_id) REFERENCES wallets (id)',
    'ADD CONSTRAINT ledger_entries_withdrawal_id_fkey FOREIGN KEY (withdrawal_id) REFERENCES withdrawals (id) DEFERRABLE INITIALLY DEFERRED',
  ],
  ledger_lines: [
    'ADD CONSTRAINT ledger_lines_pkey PRIMARY KEY (entry_id, position)',
    'ADD CONSTRAINT ledger_lines_entry_id_fkey FOREIGN KEY (entry_id) REFERENCES ledger_entries (id) ON DELETE CASCADE',
  ],
};
const BEFORE_INDEXES = `
  CREATE INDEX webhook_events_merchant_list_idx ON webhook_events (merchant_id, created_at, id);
  CREATE UNIQUE INDEX webhook_events_one_per_account_change ON webhook_events (linked_account_id, sequence)
    WHERE linked_account_id IS NOT NULL;
  CREATE INDEX webhook_deliveries_due_idx ON webhook_deliveries (next_attempt_at) WHERE next_attempt_at IS NOT NULL;
  CREATE INDEX ledger_entries_wallet_idx ON ledger_entries (wallet_id, posted_seq);
  CREATE INDEX ledger_entries_wallet_credits_idx ON ledger_entries (wallet_id) WHERE kind = 'WALLET_CREDIT';
`;

export const down = async (knex: Knex): Promise<void> => {
  await knex.transaction(async (trx) => {
    const plain = (table: string) => `${table}_0024_down`;
    for (const { table } of SHAPES) {
      await trx.raw('CREATE TABLE ?? (LIKE ?? INCLUDING DEFAULTS INCLUDING CONSTRAINTS)', [
        plain(table.name),
        table.name,
      ]);
      const columns = await columnList(trx, table.name);
      await trx.raw(`INSERT INTO ?? (${columns}) SELECT ${columns} FROM ??`, [plain(table.name), table.name]);
    }
    const { rows } = await trx.raw<{ rows: Array<{ next: string | null }> }>(
      `SELECT max(${IDENTITY.column}) + 1 AS next FROM ${IDENTITY.table}`,
    );
    for (const { table } of [...SHAPES].reverse()) await trx.raw('DROP TABLE ??', [table.name]);
    for (const { table } of SHAPES) {
      await trx.raw('ALTER TABLE ?? RENAME TO ??', [plain(table.name), table.name]);
      for (const clause of BEFORE[table.name] ?? []) await trx.raw(`ALTER TABLE ?? ${clause}`, [table.name]);
    }
    await trx.raw(
      `ALTER TABLE ${IDENTITY.table} ALTER COLUMN ${IDENTITY.column} ADD GENERATED ALWAYS AS IDENTITY (START WITH ${Number(rows[0]?.next ?? 1)})`,
    );
    await trx.raw(BEFORE_INDEXES);
    await trx.raw(DUE_TRIGGER.create);
  });
};
