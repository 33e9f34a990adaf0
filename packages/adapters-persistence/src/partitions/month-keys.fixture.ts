import { type Parties, seedParties } from '@payout/domain/testing';
import { expect } from 'chai';
import type { Knex } from 'knex';
import { seedingUnitOfWork } from '../migrations/migration-steps.fixture.js';
import { MONTH_KEYED_TABLES, type MonthKeyedTable, monthKeyedTable } from './month-foreign-keys.js';
import { partitionsOf } from './partition-catalog.js';
import { ensureMonthPartition } from './partition-maker.js';
import { type SeededWithdrawal, seedWithdrawalAt } from './partitioned-rows.fixture.js';
import { FAMILIES, type FamilyName } from './partitioned-tables.js';

/** One foreign key between the relations of a month-keyed table and of the table it references. */
export interface MonthKey {
  readonly from: string;
  readonly to: string;
  readonly valid: boolean;
}

/** The name of every table that declares a month foreign key. */
export const MONTH_KEYED_NAMES: readonly string[] = MONTH_KEYED_TABLES.map((table) => table.name);

const relationsOf = `(SELECT to_regclass(?) UNION SELECT inhrelid FROM pg_inherits WHERE inhparent = to_regclass(?))`;

/**
 * Each foreign key declared (not inherited) on `table` or one of its partitions that references the table its month
 * key names or one of that table's partitions: which references which, valid or not.
 */
export async function monthKeysOf(knex: Knex, table: MonthKeyedTable): Promise<MonthKey[]> {
  const foreign = table.monthForeignKey.table;
  const { rows } = await knex.raw<{ rows: MonthKey[] }>(
    `SELECT conrelid::regclass::text AS from, confrelid::regclass::text AS to, convalidated AS valid
       FROM pg_constraint
      WHERE contype = 'f' AND conparentid = 0
        AND conrelid IN ${relationsOf} AND confrelid IN ${relationsOf}
      ORDER BY 1`,
    [table.name, table.name, foreign, foreign],
  );
  return rows;
}

/**
 * Asserts that every partition of `name`, and only they, hold its month key: valid, against the partition of the
 * referenced table with the same bounds, `ON DELETE CASCADE`. The table's own key is gone.
 */
export async function expectEveryPartitionKeyed(knex: Knex, name: string): Promise<void> {
  const table = monthKeyedTable(name);
  const foreign = table.monthForeignKey;
  const targets = await partitionsOf(knex, foreign.table);
  const partitions = await partitionsOf(knex, table.name);
  const samePartition = (from: string) => {
    const partition = partitions.find((p) => p.name === from);
    return targets.find(
      (t) => t.isDefault === partition?.isDefault && t.from === partition?.from && t.to === partition?.to,
    )?.name;
  };
  const keys = await monthKeysOf(knex, table);
  expect(keys.map((key) => key.from)).to.have.members(partitions.map((p) => p.name));
  for (const key of keys) {
    expect(key.valid, key.from).to.equal(true);
    expect(key.to, key.from).to.equal(samePartition(key.from));
  }
  const { rows } = await knex.raw<{ rows: Array<{ definition: string }> }>(
    `SELECT DISTINCT regexp_replace(pg_get_constraintdef(oid), 'REFERENCES \\S+\\(', 'REFERENCES (') AS definition
       FROM pg_constraint
      WHERE contype = 'f' AND conparentid = 0 AND conrelid IN ${relationsOf} AND confrelid IN ${relationsOf}`,
    [table.name, table.name, foreign.table, foreign.table],
  );
  expect(rows.map((row) => row.definition)).to.deep.equal([
    `FOREIGN KEY (${foreign.column}) REFERENCES (${foreign.references}) ON DELETE CASCADE`,
  ]);
}

/** The SQLSTATE `statement` is refused with, or null when it succeeds. */
export const refusalOf = (statement: PromiseLike<unknown>): Promise<string | null> =>
  Promise.resolve(statement).then(
    () => null,
    (error: { code?: string }) => error.code ?? 'unknown',
  );

/** A time in May 2034, a month no partition covers until `seedInMonthMadeLater` makes it. */
const LATER_MONTH = { year: 2034, month: 5 };

/**
 * A withdrawal seeded in LATER_MONTH, whose rows fall to the default partitions, then the month's partitions of
 * `family` made by the partition maker (which moves them in); `made` names the partitions it made.
 */
export async function seedInMonthMadeLater(
  knex: Knex,
  family: FamilyName,
): Promise<{ parties: Parties; seeded: SeededWithdrawal; at: Date; made: string[] }> {
  const parties = await seedParties(seedingUnitOfWork(knex));
  const at = new Date(Date.UTC(LATER_MONTH.year, LATER_MONTH.month - 1, 10));
  const seeded = await seedWithdrawalAt(seedingUnitOfWork(knex), parties, at);
  const tables = FAMILIES.find((f) => f.name === family);
  if (!tables) throw new Error(`no family ${family}`);
  const made = await ensureMonthPartition(knex, tables, LATER_MONTH);
  return { parties, seeded, at, made };
}
