import type { Knex } from 'knex';

/** One partition of a table and its key range; null ends are MINVALUE / MAXVALUE. */
export interface PartitionRange {
  readonly name: string;
  readonly isDefault: boolean;
  readonly from: string | null;
  readonly to: string | null;
}

type Db = Knex | Knex.Transaction;

const end = (text: string | undefined): string | null =>
  text === undefined || /^(MINVALUE|MAXVALUE)$/.test(text) ? null : text.replace(/^'|'(::uuid)?$/g, '');

/** The partitions of `table` (none when it is not partitioned), as PostgreSQL prints their bounds. */
export async function partitionsOf(db: Db, table: string): Promise<readonly PartitionRange[]> {
  const { rows } = await db.raw<{ rows: Array<{ name: string; bound: string }> }>(
    `SELECT c.relname AS name, pg_get_expr(c.relpartbound, c.oid) AS bound
       FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
      WHERE i.inhparent = to_regclass(?) ORDER BY c.relname`,
    [table],
  );
  return rows.map(({ name, bound }) => {
    const range = /FROM \((.+)\) TO \((.+)\)/.exec(bound);
    return { name, isDefault: bound === 'DEFAULT', from: end(range?.[1]), to: end(range?.[2]) };
  });
}

/** The partition (not the default) whose range holds `key`, if any. */
export const partitionHolding = (partitions: readonly PartitionRange[], key: string) =>
  partitions.find((p) => !p.isDefault && (p.from === null || p.from <= key) && (p.to === null || key < p.to));

/** The table's columns in their order. */
async function columnsOf(db: Db, table: string): Promise<string[]> {
  const { rows } = await db.raw<{ rows: Array<{ name: string }> }>(
    `SELECT attname AS name FROM pg_attribute
      WHERE attrelid = to_regclass(?) AND attnum > 0 AND NOT attisdropped ORDER BY attnum`,
    [table],
  );
  return rows.map((row) => row.name);
}

/** The table's columns, quoted, for a column list. */
export const columnList = async (db: Db, table: string): Promise<string> =>
  (await columnsOf(db, table)).map((name) => db.raw('??', [name]).toQuery()).join(', ');

/** True when `table` is a partitioned table. */
export async function isPartitioned(db: Db, table: string): Promise<boolean> {
  const { rows } = await db.raw<{ rows: Array<{ kind: string }> }>(
    'SELECT relkind AS kind FROM pg_class WHERE oid = to_regclass(?)',
    [table],
  );
  return rows[0]?.kind === 'p';
}

/**
 * Gives each index of `partition` that belongs to an index of `table` the name `partitionIndexName` gives, so a
 * unique violation names a constraint the repositories know (`isUniqueViolation`).
 */
export async function nameIndexesAfterTable(db: Db, table: string, partition: string): Promise<void> {
  const { rows } = await db.raw<{ rows: Array<{ leaf: string; parent: string }> }>(
    `SELECT leaf.relname AS leaf, parent.relname AS parent
       FROM pg_index x
       JOIN pg_class leaf ON leaf.oid = x.indexrelid
       JOIN pg_inherits h ON h.inhrelid = x.indexrelid
       JOIN pg_class parent ON parent.oid = h.inhparent
      WHERE x.indrelid = to_regclass(?)`,
    [partition],
  );
  for (const { leaf, parent } of rows) {
    const wanted = `${partition}${parent.slice(table.length)}`;
    if (leaf !== wanted) await db.raw('ALTER INDEX ?? RENAME TO ??', [leaf, wanted]);
  }
}
