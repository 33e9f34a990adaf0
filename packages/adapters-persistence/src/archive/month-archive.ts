import { createHash } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Knex } from 'knex';
import type { ClientBase } from 'pg';
import {
  addMonths,
  compareMonths,
  type Month,
  monthBound,
  monthLabel,
  monthOf,
} from '../partitions/months.js';
import { DDL_LOCK_TIMEOUT, PARTITION_DDL_LOCK } from '../partitions/partition-maker.js';
import {
  archivedTables,
  FAMILIES,
  type FamilyName,
  type MonthRows,
  monthPartition,
  type TableFamily,
} from '../partitions/partitioned-tables.js';
import { ARCHIVE_GUARDS, type ArchiveGuard, type GuardedMonth, guardsHolding } from './archive-guards.js';
import {
  type ArchivedTable,
  type ArchiveManifest,
  COPY_SETTINGS,
  monthDirectory,
  tableFile,
  writeManifest,
} from './archive-layout.js';
import {
  copyToFile,
  digestOfQuery,
  fileMatches,
  syncDirectory,
  withArchiveLock,
  withConnection,
} from './copy-streams.js';
import {
  attachedMonthPartition,
  carryLedgerTotals,
  columnsOf,
  familyRange,
  isArchived,
  monthDate,
  monthOfKey,
  monthRowsQuery,
  useCopySettings,
} from './family-month.js';

export interface ArchiveOptions {
  /** ARCHIVE_DIR. */
  readonly dir: string;
  readonly now: Date;
  /** Months each family keeps in the database, the current month not counted (RETENTION_*_MONTHS). */
  readonly retentionMonths: Readonly<Record<FamilyName, number>>;
  /** Only months before this one (`npm run archive -- --before YYYY-MM`); retention holds either way. */
  readonly before?: Month;
  readonly guards?: readonly ArchiveGuard[];
}

/** What became of one family's month. */
export type ArchivedMonth =
  | {
      readonly family: FamilyName;
      readonly month: string;
      readonly outcome: 'archived';
      readonly rows: Record<string, number>;
      readonly dir: string;
    }
  | {
      readonly family: FamilyName;
      readonly month: string;
      readonly outcome: 'held';
      readonly by: Record<string, number>;
    }
  /** Its rows changed between the export and the drop: kept, and exported again by the next run. */
  | {
      readonly family: FamilyName;
      readonly month: string;
      readonly outcome: 'changed';
      readonly table: string;
    };

/** The first month no longer kept: a family keeps the current month and `retention` before it. */
export const firstKeptMonth = (now: Date, retention: number): Month => addMonths(monthOf(now), -retention);

/**
 * Archives every month past its family's retention: each table's month exported to a gzip file of COPY text under
 * `dir/<family>/<YYYY-MM>/`, read back and checked, a manifest written; then, in one transaction that finds the
 * rows still equal to the files and no guard holding the month, the month's partitions detached and dropped (or its
 * rows deleted where they lie in the legacy or default partition) and the month recorded. Stopped anywhere, a run
 * again does the rest: a month is dropped whole or not at all, and exported again until it is.
 */
export async function archiveMonths(knex: Knex, options: ArchiveOptions): Promise<ArchivedMonth[]> {
  return withArchiveLock(knex, () => archiveEveryFamily(knex, options));
}

async function archiveEveryFamily(knex: Knex, options: ArchiveOptions): Promise<ArchivedMonth[]> {
  const done: ArchivedMonth[] = [];
  for (const family of FAMILIES) {
    const kept = firstKeptMonth(options.now, options.retentionMonths[family.name]);
    const limit = options.before && compareMonths(options.before, kept) < 0 ? options.before : kept;
    for (
      let month = await firstMonthWithRows(knex, family, null);
      month && compareMonths(month, limit) < 0;
    ) {
      const outcome = await archiveMonth(knex, family, month, options);
      if (outcome) done.push(outcome);
      month = await firstMonthWithRows(knex, family, addMonths(month, 1));
    }
  }
  return done;
}

/** The first month from `from` on that has rows in any of the family's tables. */
async function firstMonthWithRows(
  knex: Knex,
  family: TableFamily,
  from: Month | null,
): Promise<Month | null> {
  let first: Month | null = null;
  for (const table of archivedTables(family)) {
    const month = await firstMonthOf(knex, family, table, from);
    if (month && (!first || compareMonths(month, first) < 0)) first = month;
  }
  return first;
}

async function firstMonthOf(
  knex: Knex,
  family: TableFamily,
  table: MonthRows,
  from: Month | null,
): Promise<Month | null> {
  if (family.keys === 'time') {
    // A date's epoch is its midnight read as UTC, a time's its instant.
    const { rows } = await knex.raw<{ rows: Array<{ ms: string }> }>(
      'SELECT extract(epoch FROM ??) * 1000 AS ms FROM ?? WHERE ?? >= ? ORDER BY ?? LIMIT 1',
      [table.key, table.name, table.key, from ? familyRange(family, from).from : '-infinity', table.key],
    );
    const ms = rows[0]?.ms;
    return ms === undefined ? null : monthOf(new Date(Number(ms)));
  }
  const { rows } = await knex.raw<{ rows: Array<{ key: string | null }> }>(
    'SELECT ??::text AS key FROM ?? WHERE ?? >= ? ORDER BY ?? LIMIT 1',
    [
      table.key,
      table.name,
      table.key,
      from ? monthBound(from) : '00000000-0000-0000-0000-000000000000',
      table.key,
    ],
  );
  const key = rows[0]?.key;
  return key ? monthOfKey(key) : null;
}

async function archiveMonth(
  knex: Knex,
  family: TableFamily,
  month: Month,
  options: ArchiveOptions,
): Promise<ArchivedMonth | null> {
  const guards = options.guards ?? ARCHIVE_GUARDS;
  const label = monthLabel(month);
  const guarded: GuardedMonth = { family, month, ...familyRange(family, month) };
  return withConnection(knex, async (client) => {
    // Rows of a month already archived came in after its drop (none should): they stay, for an operator to see.
    if (await isArchived(client, family, month)) return null;
    const holding = await guardsHolding(client, guards, guarded);
    if (Object.keys(holding).length > 0)
      return { family: family.name, month: label, outcome: 'held', by: holding };
    const dir = monthDirectory(options.dir, family.name, month);
    const manifest = await exportMonth(client, family, month, dir);
    const manifestText = await writeManifest(dir, manifest);
    await syncDirectory(dir);
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await dropMonth(client, guards, guarded, manifest, manifestText, dir);
      } catch (error) {
        await client.query('ROLLBACK');
        // A lock not had in time, a deadlock with a writer or a row changed under the snapshot: nothing was dropped.
        const code = (error as { code?: string }).code;
        if (!['55P03', '40P01', '40001'].includes(code ?? '') || attempt >= 5) throw error;
        await new Promise((resolve) => setTimeout(resolve, attempt * 500));
      }
    }
  });
}

/** Every table's month to its file, from one snapshot, each file read back and checked against what was sent. */
async function exportMonth(
  client: ClientBase,
  family: TableFamily,
  month: Month,
  dir: string,
): Promise<ArchiveManifest> {
  await mkdir(dir, { recursive: true });
  const tables: ArchivedTable[] = [];
  await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
  try {
    await useCopySettings(client);
    for (const table of archivedTables(family)) {
      const columns = await columnsOf(client, table.name);
      const file = tableFile(table.name);
      const digest = await copyToFile(client, monthRowsQuery(family, table, columns, month), join(dir, file));
      tables.push({ table: table.name, file, columns, ...digest });
    }
  } finally {
    await client.query('COMMIT');
  }
  for (const table of tables)
    if (!(await fileMatches(join(dir, table.file), table)))
      throw new Error(`${join(dir, table.file)} does not read back as it was written`);
  return {
    family: family.name,
    month: monthLabel(month),
    keys: familyRange(family, month),
    format: 'postgresql-copy-text+gzip',
    settings: COPY_SETTINGS,
    exportedAt: new Date().toISOString(),
    tables,
  };
}

/** The one transaction that drops a month: guards, the rows equal to the files, then partitions or rows gone. */
async function dropMonth(
  client: ClientBase,
  guards: readonly ArchiveGuard[],
  guarded: GuardedMonth,
  manifest: ArchiveManifest,
  manifestText: string,
  dir: string,
): Promise<ArchivedMonth> {
  const { family, month } = guarded;
  const label = monthLabel(month);
  await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ');
  await client.query(`SET LOCAL lock_timeout = '${DDL_LOCK_TIMEOUT}'`);
  await client.query('SELECT pg_advisory_xact_lock($1)', [PARTITION_DDL_LOCK]);
  await useCopySettings(client);
  const holding = await guardsHolding(client, guards, guarded);
  if (Object.keys(holding).length > 0) {
    await client.query('ROLLBACK');
    return { family: family.name, month: label, outcome: 'held', by: holding };
  }
  for (const [index, table] of archivedTables(family).entries()) {
    const archived = manifest.tables[index];
    const now = await digestOfQuery(client, monthRowsQuery(family, table, archived?.columns ?? [], month));
    if (!archived || now.sha256 !== archived.sha256 || now.rows !== archived.rows) {
      await client.query('ROLLBACK');
      return { family: family.name, month: label, outcome: 'changed', table: table.name };
    }
  }
  if (family.name === 'ledger') await carryLedgerTotals(client, month, 1);
  const { from, to } = familyRange(family, month);
  const deleteRows = (table: MonthRows) =>
    client.query(`DELETE FROM "${table.name}" WHERE "${table.key}" >= $1 AND "${table.key}" < $2`, [
      from,
      to,
    ]);
  for (const table of family.alongside ?? []) await deleteRows(table);
  // Children first: each detach checks that nothing still references the rows it takes away.
  for (const table of [...family.tables].reverse()) {
    const partition = monthPartition(table.name, month);
    if (await attachedMonthPartition(client, table.name, partition)) {
      await client.query(`ALTER TABLE "${table.name}" DETACH PARTITION "${partition}"`);
      await client.query(`DROP TABLE "${partition}"`);
    } else await deleteRows(table);
  }
  const rows = Object.fromEntries(manifest.tables.map((t) => [t.table, t.rows]));
  await client.query(
    `INSERT INTO archived_months (family, month, manifest_sha256, rows, archived_at) VALUES ($1, $2, $3, $4, now())`,
    [
      family.name,
      monthDate(month),
      createHash('sha256').update(manifestText).digest('hex'),
      JSON.stringify(rows),
    ],
  );
  await client.query('COMMIT');
  return { family: family.name, month: label, outcome: 'archived', rows, dir };
}
