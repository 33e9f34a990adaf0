import { readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Month } from '../partitions/months.js';
import { monthLabel } from '../partitions/months.js';
import type { FamilyName } from '../partitions/partitioned-tables.js';
import type { FileDigest } from './copy-streams.js';

/** One table's month in its archive: the file, its columns in file order, and its digest. */
export interface ArchivedTable extends FileDigest {
  readonly table: string;
  readonly file: string;
  readonly columns: readonly string[];
}

/** `manifest.json` beside the files of a family's month. */
export interface ArchiveManifest {
  readonly family: FamilyName;
  readonly month: string;
  /** The key range of the month's rows (UUIDv7 bounds). */
  readonly keys: { readonly from: string; readonly to: string };
  /** PostgreSQL COPY text, the session settings it was written with, gzipped. */
  readonly format: 'postgresql-copy-text+gzip';
  readonly settings: Readonly<Record<string, string>>;
  readonly exportedAt: string;
  readonly tables: readonly ArchivedTable[];
}

/** COPY prints dates and times as the session says: every archive is written and read back with these. */
export const COPY_SETTINGS: Readonly<Record<string, string>> = {
  TimeZone: 'UTC',
  DateStyle: 'ISO, YMD',
  IntervalStyle: 'iso_8601',
  extra_float_digits: '3',
};

/** `ARCHIVE_DIR/webhooks/2026-01`: a family's month. */
export const monthDirectory = (root: string, family: FamilyName, month: Month): string =>
  join(root, family, monthLabel(month));

export const tableFile = (table: string): string => `${table}.copy.gz`;

export const MANIFEST = 'manifest.json';

/** Writes the manifest last, once every file it names is verified: a folder without one is an unfinished export. */
export async function writeManifest(dir: string, manifest: ArchiveManifest): Promise<string> {
  const text = `${JSON.stringify(manifest, null, 2)}\n`;
  await writeFile(join(dir, `${MANIFEST}.partial`), text, { flush: true });
  await rename(join(dir, `${MANIFEST}.partial`), join(dir, MANIFEST));
  return text;
}

export async function readManifest(dir: string): Promise<{ manifest: ArchiveManifest; text: string }> {
  const text = await readFile(join(dir, MANIFEST), 'utf8');
  return { manifest: JSON.parse(text) as ArchiveManifest, text };
}
