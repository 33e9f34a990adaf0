import { type Parties, seedParties } from '@payout/domain/testing';
import { expect } from 'chai';
import type { Knex } from 'knex';
import { monthKeyedTable } from '../partitions/month-foreign-keys.js';
import {
  expectEveryPartitionKeyed,
  monthKeysOf,
  refusalOf,
  seedInMonthMadeLater,
} from '../partitions/month-keys.fixture.js';
import { addMonths, monthOf, monthStart } from '../partitions/months.js';
import { partitionedRows, seedWithdrawalAt } from '../partitions/partitioned-rows.fixture.js';
import { defaultPartition, legacyPartition, monthPartition } from '../partitions/partitioned-tables.js';
import { TimeOrderedUuidGenerator } from '../system/time-ordered-uuid-generator.js';
import { migrateLatest } from './migrate.js';
import { migrateDownBefore, migratedScratchDatabase, seedingUnitOfWork } from './migration-steps.fixture.js';

const MIGRATION = '0033-webhook-month-keys';
const KEYED = ['webhook_deliveries', 'webhook_attempts'];

const AHEAD = addMonths(monthOf(new Date()), 2);
const DAY_MS = 24 * 3600 * 1000;

/** A time whose rows each kind of partition holds, and the partition of `table` that holds them. */
const PLACES: ReadonlyArray<{ at: Date; partition: (table: string) => string }> = [
  // Below the bound migration 0024 chose.
  { at: new Date(Date.UTC(2020, 0, 15)), partition: legacyPartition },
  // Two months ahead: made by migration 0024 and by the partition maker, whatever the day.
  {
    at: new Date(monthStart(AHEAD).getTime() + 9 * DAY_MS),
    partition: (table) => monthPartition(table, AHEAD),
  },
  // A month no partition covers.
  { at: new Date(Date.UTC(2090, 0, 15)), partition: defaultPartition },
];

const idAt = (at: Date) => new TimeOrderedUuidGenerator(() => at.getTime()).next();

/** A delivery of an event that does not exist, made at `at`. */
const orphanDelivery = (knex: Knex, parties: Parties, at: Date) =>
  knex('webhook_deliveries').insert({
    event_id: idAt(at),
    merchant_id: parties.merchant.id,
    delivery_state: 'PENDING',
    attempts: 0,
  });

/** An attempt at the delivery of `eventId`. */
const attemptOf = (knex: Knex, eventId: string, at: Date) =>
  knex('webhook_attempts').insert({
    id: idAt(at),
    event_id: eventId,
    attempt: 2,
    attempted_at: at,
    latency_ms: 5,
    succeeded: false,
  });

/** The partition a table's row of `eventId` lies in, if any. */
async function partitionOf(knex: Knex, table: string, eventId: string): Promise<string | undefined> {
  const rows = await knex(table)
    .where({ event_id: eventId })
    .select(knex.raw('tableoid::regclass::text AS p'));
  return rows[0]?.p;
}

describe('migration 0033: webhook deliveries and attempts key their events and deliveries month by month', () => {
  const database = migratedScratchDatabase('webhook_month_keys');

  it("gives every partition of the deliveries and of the attempts a valid key to the partition of its month of the table it references, in place of the tables' keys, with the rows stored before kept", async () => {
    const db = database();
    await migrateDownBefore(db.knex, MIGRATION);
    for (const name of KEYED) {
      const table = monthKeyedTable(name);
      expect(await monthKeysOf(db.knex, table), 'down keys the table again, and only it').to.deep.equal([
        { from: name, to: table.monthForeignKey.table, valid: true },
      ]);
    }
    const parties = await seedParties(seedingUnitOfWork(db.knex));
    for (const { at } of PLACES) await seedWithdrawalAt(seedingUnitOfWork(db.knex), parties, at);
    const before = await partitionedRows(db.knex);

    expect(await migrateLatest(db.knex)).to.include(MIGRATION);

    for (const name of KEYED) await expectEveryPartitionKeyed(db.knex, name);
    expect(await partitionedRows(db.knex)).to.deep.equal(before);
  });

  it('refuses, in the legacy, a month and the default partition, a delivery whose event does not exist and an attempt whose delivery does not exist; an event deleted takes its delivery and attempts, a delivery deleted its attempts', async () => {
    const db = database();
    await migrateLatest(db.knex);
    const parties = await seedParties(seedingUnitOfWork(db.knex));
    for (const { at, partition } of PLACES) {
      const kept = await seedWithdrawalAt(seedingUnitOfWork(db.knex), parties, at);
      const deleted = await seedWithdrawalAt(seedingUnitOfWork(db.knex), parties, at);
      for (const table of KEYED)
        expect(await partitionOf(db.knex, table, kept.eventId), table).to.equal(partition(table));

      expect(await refusalOf(orphanDelivery(db.knex, parties, at)), partition('webhook_deliveries')).to.equal(
        '23503',
      );
      await db.knex('webhook_deliveries').where({ event_id: kept.eventId }).delete();
      expect(await partitionOf(db.knex, 'webhook_attempts', kept.eventId)).to.equal(undefined);
      // Its event is still there: the attempt names the delivery.
      expect(await db.knex('webhook_events').where({ id: kept.eventId })).to.have.length(1);
      expect(await refusalOf(attemptOf(db.knex, kept.eventId, at)), partition('webhook_attempts')).to.equal(
        '23503',
      );

      await db.knex('webhook_events').where({ id: deleted.eventId }).delete();
      for (const table of KEYED)
        expect(await partitionOf(db.knex, table, deleted.eventId), table).to.equal(undefined);
    }
  });

  it("gives a month's partitions made later their keys to that month's events and deliveries, and rows of the month moved out of the default partitions keep theirs", async () => {
    const db = database();
    await migrateLatest(db.knex);
    const { parties, seeded, at, made } = await seedInMonthMadeLater(db.knex, 'webhooks');
    expect(made).to.deep.equal([
      'webhook_events_p203405',
      'webhook_deliveries_p203405',
      'webhook_attempts_p203405',
    ]);

    expect(await monthKeysOf(db.knex, monthKeyedTable('webhook_deliveries'))).to.deep.include({
      from: 'webhook_deliveries_p203405',
      to: 'webhook_events_p203405',
      valid: true,
    });
    expect(await monthKeysOf(db.knex, monthKeyedTable('webhook_attempts'))).to.deep.include({
      from: 'webhook_attempts_p203405',
      to: 'webhook_deliveries_p203405',
      valid: true,
    });
    for (const table of KEYED)
      expect(await partitionOf(db.knex, table, seeded.eventId), table).to.equal(`${table}_p203405`);
    expect(await refusalOf(orphanDelivery(db.knex, parties, at))).to.equal('23503');
    expect(await refusalOf(attemptOf(db.knex, idAt(at), at))).to.equal('23503');
  });
});
