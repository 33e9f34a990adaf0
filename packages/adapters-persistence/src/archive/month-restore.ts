import { access } from 'node:fs/promises';
import { join } from 'node:path';
import type { Knex } from 'knex';
import { type Month, monthLabel } from '../partitions/months.js';
import { ensureMonthPartition } from '../partitions/partition-maker.js';
import { archivedTables, FAMILIES, type FamilyName } from '../partitions/partitioned-tables.js';
import { MANIFEST, monthDirectory, readManifest } from './archive-layout.js';
import { copyFromFile, digestOfQuery, fileMatches, withArchiveLock, withConnection } from './copy-streams.js';
import {
  carryLedgerTotals,
  copyIntoQuery,
  isArchived,
  monthDate,
  monthRowsQuery,
  useCopySettings,
} from './family-month.js';

/** What became of one family's month on a restore. */
export type RestoredMonth =
  | {
      readonly family: FamilyName;
      readonly month: string;
      readonly outcome: 'restored';
      readonly rows: Record<string, number>;
    }
  /** Not archived: its rows are in the database (or it never had any), and nothing was loaded. */
  | { readonly family: FamilyName; readonly month: string; readonly outcome: 'not-archived' };

/**
 * `npm run archive -- --restore YYYY-MM`: reads every family's archived month back. Each file is checked against its
 * manifest first; the month's partitions are made again where they were dropped; the files are loaded with COPY and
 * the rows read back must give the manifest's checksums, all in one transaction that also takes the month out of
 * `archived_months` (a later archive run past its retention writes the same files again).
 */
export async function restoreMonth(knex: Knex, dir: string, month: Month): Promise<RestoredMonth[]> {
  return withArchiveLock(knex, () => restoreEveryFamily(knex, dir, month));
}

async function restoreEveryFamily(knex: Knex, dir: string, month: Month): Promise<RestoredMonth[]> {
  const done: RestoredMonth[] = [];
  for (const family of FAMILIES) {
    const label = monthLabel(month);
    const folder = monthDirectory(dir, family.name, month);
    const archived = await withConnection(knex, (client) => isArchived(client, family, month));
    const present = await access(join(folder, MANIFEST)).then(
      () => true,
      () => false,
    );
    if (!archived || !present) {
      if (archived)
        throw new Error(`${family.name} ${label} is archived but ${join(folder, MANIFEST)} is missing`);
      done.push({ family: family.name, month: label, outcome: 'not-archived' });
      continue;
    }
    const { manifest } = await readManifest(folder);
    for (const table of manifest.tables)
      if (!(await fileMatches(join(folder, table.file), table)))
        throw new Error(`${join(folder, table.file)} does not match its manifest: not restored`);
    await ensureMonthPartition(knex, family, month);
    await withConnection(knex, async (client) => {
      await client.query('BEGIN');
      try {
        await useCopySettings(client);
        for (const table of archivedTables(family)) {
          const archivedTable = manifest.tables.find((t) => t.table === table.name);
          // A month archived before a table joined its family has no file of it.
          if (!archivedTable && family.alongside?.includes(table)) continue;
          if (!archivedTable) throw new Error(`${folder}: manifest names other tables`);
          await copyFromFile(
            client,
            copyIntoQuery(table.name, archivedTable.columns),
            join(folder, archivedTable.file),
          );
          const loaded = await digestOfQuery(
            client,
            monthRowsQuery(family, table, archivedTable.columns, month),
          );
          if (loaded.sha256 !== archivedTable.sha256 || loaded.rows !== archivedTable.rows)
            throw new Error(`${table.name} ${label} reads back otherwise than archived: not restored`);
        }
        if (family.name === 'ledger') await carryLedgerTotals(client, month, -1);
        await client.query('DELETE FROM archived_months WHERE family = $1 AND month = $2', [
          family.name,
          monthDate(month),
        ]);
        await client.query('COMMIT');
      } catch (error) {
        await client.query('ROLLBACK');
        throw error;
      }
    });
    done.push({
      family: family.name,
      month: label,
      outcome: 'restored',
      rows: Object.fromEntries(manifest.tables.map((t) => [t.table, t.rows])),
    });
  }
  return done;
}
