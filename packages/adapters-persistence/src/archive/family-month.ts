import type { ClientBase } from 'pg';
import { addMonths, type Month, monthOf, monthRange, monthStart } from '../partitions/months.js';
import type { MonthRows, TableFamily } from '../partitions/partitioned-tables.js';
import { COPY_SETTINGS } from './archive-layout.js';

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** The table's columns in their order, as an archive file holds them. */
export async function columnsOf(client: ClientBase, table: string): Promise<string[]> {
  const { rows } = await client.query<{ name: string }>(
    `SELECT attname AS name FROM pg_attribute
      WHERE attrelid = to_regclass($1) AND attnum > 0 AND NOT attisdropped ORDER BY attnum`,
    [table],
  );
  return rows.map((row) => row.name);
}

/** The key range of a family's month: from the month's smallest UUIDv7 or first millisecond, up to the next's. */
export const familyRange = (
  family: TableFamily,
  month: Month,
): { readonly from: string; readonly to: string } =>
  family.keys === 'time'
    ? { from: monthStart(month).toISOString(), to: monthStart(addMonths(month, 1)).toISOString() }
    : monthRange(month);

/**
 * The month's rows of `table`, in key order: what its archive file holds, and what must still be in the database,
 * byte for byte, when the month is dropped. The bounds are uuids or times this service made (COPY takes no
 * parameters).
 */
export function monthRowsQuery(
  family: TableFamily,
  table: MonthRows,
  columns: readonly string[],
  month: Month,
): string {
  const { from, to } = familyRange(family, month);
  return `SELECT ${columns.map(quote).join(', ')} FROM ${quote(table.name)}
           WHERE ${quote(table.key)} >= '${from}' AND ${quote(table.key)} < '${to}'
           ORDER BY ${table.rowKey.map(quote).join(', ')}`;
}

export const copyIntoQuery = (table: string, columns: readonly string[]): string =>
  `COPY ${quote(table)} (${columns.map(quote).join(', ')}) FROM STDIN`;

/** Sets the transaction's COPY_SETTINGS, so that dates and times print and parse alike everywhere. */
export async function useCopySettings(client: ClientBase): Promise<void> {
  for (const [name, value] of Object.entries(COPY_SETTINGS))
    await client.query('SELECT set_config($1, $2, true)', [name, value]);
}

/**
 * Adds (`sign` 1) or takes back (-1) the month's ledger sums per account and kind in `ledger_archived_totals`, in
 * the transaction that drops or restores the month: balances and credit caps then count archived postings too.
 */
export async function carryLedgerTotals(client: ClientBase, month: Month, sign: 1 | -1): Promise<void> {
  const { from, to } = monthRange(month);
  await client.query(
    `INSERT INTO ledger_archived_totals AS t (account, kind, amount)
     SELECT l.account, e.kind, $3::integer * sum(l.amount)
       FROM ledger_lines l JOIN ledger_entries e ON e.id = l.entry_id
      WHERE l.entry_id >= $1 AND l.entry_id < $2 AND e.id >= $1 AND e.id < $2
      GROUP BY l.account, e.kind
     ON CONFLICT (account, kind) DO UPDATE SET amount = t.amount + EXCLUDED.amount`,
    [from, to, sign],
  );
}

/** The month's partition of `table`, if it is attached (the archive drops it whole; else it deletes the rows). */
export async function attachedMonthPartition(
  client: ClientBase,
  table: string,
  partition: string,
): Promise<boolean> {
  const { rows } = await client.query(
    'SELECT 1 FROM pg_inherits WHERE inhrelid = to_regclass($1) AND inhparent = to_regclass($2)',
    [partition, table],
  );
  return rows.length > 0;
}

export async function isArchived(client: ClientBase, family: TableFamily, month: Month): Promise<boolean> {
  const { rows } = await client.query('SELECT 1 FROM archived_months WHERE family = $1 AND month = $2', [
    family.name,
    monthDate(month),
  ]);
  return rows.length > 0;
}

export const monthDate = (month: Month): string => monthStart(month).toISOString().slice(0, 10);

/** The month of a UUIDv7: its 48 leading bits are Unix milliseconds. */
export function monthOfKey(key: string): Month {
  const ms = Number.parseInt(key.replace(/-/g, '').slice(0, 12), 16);
  return monthOf(new Date(ms));
}
