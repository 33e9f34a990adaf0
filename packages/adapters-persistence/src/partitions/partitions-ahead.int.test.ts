import { seedParties } from '@payout/domain/testing';
import { expect } from 'chai';
import { type PgBoss, TestClock } from 'pg-boss';
import { DEFAULT_JOB_QUEUE_SETTINGS } from '../jobs/job-queue.settings.js';
import { createPgBoss, ensureQueues } from '../jobs/pg-boss.factory.js';
import { PgBossWorkerRunner } from '../jobs/pg-boss.worker-runner.js';
import { type IsolatedDatabase, isolatedDatabase } from '../ledger/isolated-database.fixture.js';
import { seedingUnitOfWork } from '../migrations/migration-steps.fixture.js';
import { keyTablesAgain } from '../migrations/month-keys-between-partitions.js';
import { monthForeignKeyName, monthKeyedTable } from './month-foreign-keys.js';
import { expectEveryPartitionKeyed, MONTH_KEYED_NAMES } from './month-keys.fixture.js';
import { monthRange } from './months.js';
import { partitionHolding, partitionsOf } from './partition-catalog.js';
import { ensurePartitionsAhead, keyUnkeyedPartitions } from './partition-maker.js';
import { partitionedRows, seedWithdrawalAt } from './partitioned-rows.fixture.js';
import { FAMILIES, monthPartition } from './partitioned-tables.js';
import { partitionsAheadJob } from './partitions-ahead.job.js';

const TABLES = FAMILIES.flatMap((family) => family.tables);
const MINUTE_MS = 60_000;

describe('month partitions made ahead (PostgreSQL)', function () {
  this.timeout(60_000);
  let db: IsolatedDatabase;

  before(async () => {
    db = await isolatedDatabase('partitions_ahead');
  });
  after(() => db.drop());

  const holds = async (table: string, month: { year: number; month: number }) =>
    partitionHolding(await partitionsOf(db.knex, table), monthRange(month).from)?.name;

  it('makes the current month and the two after it, moving the rows the default partition took for them', async () => {
    const unitOfWork = seedingUnitOfWork(db.knex);
    const parties = await seedParties(unitOfWork);
    // Written before its month was made (a clock far ahead): it lands in the default partition.
    const early = await seedWithdrawalAt(unitOfWork, parties, new Date('2031-06-15T12:00:00Z'));
    const rows = await partitionedRows(db.knex);

    const made = await ensurePartitionsAhead(db.knex, new Date('2031-05-10T00:00:00Z'));

    expect(made).to.have.length(3 * TABLES.length);
    for (const table of TABLES)
      for (const month of [5, 6, 7])
        expect(await holds(table.name, { year: 2031, month }), table.name).to.equal(
          monthPartition(table.name, { year: 2031, month }),
        );
    expect(await partitionedRows(db.knex), 'no row lost or changed').to.deep.equal(rows);
    const { rows: where } = await db.knex.raw(
      'SELECT tableoid::regclass::text AS partition FROM webhook_attempts WHERE event_id = ?',
      [early.eventId],
    );
    expect(where[0]?.partition).to.equal('webhook_attempts_p203106');
    const { rows: unique } = await db.knex.raw(
      "SELECT count(*)::int AS n FROM pg_indexes WHERE tablename = 'ledger_entries_p203106' AND indexname LIKE '%one_per_withdrawal_kind'",
    );
    expect(unique[0]?.n, 'each partition’s own unique index').to.equal(1);
    expect(await ensurePartitionsAhead(db.knex, new Date('2031-05-31T23:59:59Z')), 'again').to.deep.equal([]);
  });

  it('is run by its schedule (PARTITIONS_CRON) at its time in UTC, on pg-boss’s TestClock', async () => {
    const clock = new TestClock('2032-02-27T02:13:00Z');
    const boss: PgBoss = await createPgBoss({
      connectionString: db.url,
      schema: 'pgboss_partitions',
      settings: DEFAULT_JOB_QUEUE_SETTINGS,
      schedule: true,
      clock,
      onError: () => undefined,
    });
    let ran: () => void = () => {};
    const runs: string[][] = [];
    const job = partitionsAheadJob(db.knex, '15 2 * * *', { now: () => new Date(clock.now()) }, (made) => {
      runs.push([...made]);
      ran();
    });
    const runner = new PgBossWorkerRunner({
      boss,
      handlers: { 'withdrawal.expire-approval': async () => undefined },
      concurrency: 1,
      scheduled: [job],
    });
    try {
      await ensureQueues(boss, DEFAULT_JOB_QUEUE_SETTINGS);
      await runner.start();
      await clock.tick(MINUTE_MS);
      expect(runs, 'before 02:15').to.deep.equal([]);
      expect(await holds('webhook_events', { year: 2032, month: 4 })).to.equal(undefined);
      const first = new Promise<void>((resolve) => {
        ran = resolve;
      });
      await clock.tick(3 * MINUTE_MS);
      await first;
      expect(await holds('webhook_events', { year: 2032, month: 4 })).to.equal('webhook_events_p203204');
      expect(runs[0]).to.include('ledger_lines_p203202');
    } finally {
      await runner.stop();
      await boss.stop({ graceful: false });
    }
  });

  it('keys the partitions an older release made without month keys, once the tables’ own keys are gone', async () => {
    const april = { year: 2033, month: 4 };
    await ensurePartitionsAhead(db.knex, new Date('2033-03-10T00:00:00Z'));
    // As the previous release's maker leaves a month it makes while both releases run: no month keys.
    for (const name of MONTH_KEYED_NAMES) {
      const partition = monthPartition(name, april);
      await db.knex.raw('ALTER TABLE ?? DROP CONSTRAINT ??', [
        partition,
        monthForeignKeyName(monthKeyedTable(name), partition),
      ]);
    }

    expect(await keyUnkeyedPartitions(db.knex)).to.have.members(
      MONTH_KEYED_NAMES.map((name) => monthPartition(name, april)),
    );
    for (const name of MONTH_KEYED_NAMES) await expectEveryPartitionKeyed(db.knex, name);
    expect(await keyUnkeyedPartitions(db.knex), 'again').to.deep.equal([]);

    // Migrated down to the table's own key (which checks every partition), its partitions are left without.
    await keyTablesAgain(db.knex, ['webhook_attempts']);
    expect(await keyUnkeyedPartitions(db.knex)).to.deep.equal([]);
  });
});
