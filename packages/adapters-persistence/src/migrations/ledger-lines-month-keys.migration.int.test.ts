import { seedParties } from '@payout/domain/testing';
import { expect } from 'chai';
import type { Knex } from 'knex';
import { monthKeyedTable } from '../partitions/month-foreign-keys.js';
import {
  expectEveryPartitionKeyed,
  monthKeysOf,
  refusalOf,
  seedInMonthMadeLater,
} from '../partitions/month-keys.fixture.js';
import { seedWithdrawalAt } from '../partitions/partitioned-rows.fixture.js';
import { TimeOrderedUuidGenerator } from '../system/time-ordered-uuid-generator.js';
import { migrateLatest } from './migrate.js';
import { migrateDownBefore, migratedScratchDatabase, seedingUnitOfWork } from './migration-steps.fixture.js';

/** The SQLSTATE a line of an entry that does not exist is refused with (made at `atMs`), or null if stored. */
async function refusalOfOrphanLine(knex: Knex, atMs: number): Promise<string | null> {
  const entryId = new TimeOrderedUuidGenerator(() => atMs).next();
  const line = { entry_id: entryId, position: 0, account: 'system:payouts-in-transit', amount: '1.00' };
  return refusalOf(knex('ledger_lines').insert(line));
}

describe('migration 0032: the ledger lines key their entries month by month', () => {
  const database = migratedScratchDatabase('ledger_lines_month_keys');

  it('gives every partition of the lines a valid key to the entries partition of its month, with the lines stored before kept', async () => {
    const db = database();
    await migrateDownBefore(db.knex, '0032-ledger-lines-month-keys');
    const parties = await seedParties(seedingUnitOfWork(db.knex));
    const seeded = await seedWithdrawalAt(seedingUnitOfWork(db.knex), parties, new Date());
    const before = await db.knex('ledger_lines').where({ entry_id: seeded.entryId }).count({ n: '*' });

    expect(await migrateLatest(db.knex)).to.include('0032-ledger-lines-month-keys');

    await expectEveryPartitionKeyed(db.knex, 'ledger_lines');
    expect(await db.knex('ledger_lines').where({ entry_id: seeded.entryId }).count({ n: '*' })).to.deep.equal(
      before,
    );
  });

  it('refuses a line whose entry does not exist, and an entry deleted takes its lines', async () => {
    const db = database();
    await migrateLatest(db.knex);
    const parties = await seedParties(seedingUnitOfWork(db.knex));
    const seeded = await seedWithdrawalAt(seedingUnitOfWork(db.knex), parties, new Date());
    expect(await refusalOfOrphanLine(db.knex, Date.now())).to.equal('23503');

    await db.knex('ledger_entries').where({ id: seeded.entryId }).delete();
    expect(await db.knex('ledger_lines').where({ entry_id: seeded.entryId })).to.deep.equal([]);
  });

  it("gives a month partition made later its key to that month's entries, and rows of the month moved out of the default partition keep theirs", async () => {
    const db = database();
    await migrateLatest(db.knex);
    const { seeded, at, made } = await seedInMonthMadeLater(db.knex, 'ledger');
    expect(made).to.deep.equal(['ledger_entries_p203405', 'ledger_lines_p203405']);

    expect(await monthKeysOf(db.knex, monthKeyedTable('ledger_lines'))).to.deep.include({
      from: 'ledger_lines_p203405',
      to: 'ledger_entries_p203405',
      valid: true,
    });
    const moved = await db.knex('ledger_lines_p203405').where({ entry_id: seeded.entryId });
    expect(moved).to.have.length.greaterThan(0);
    expect(await refusalOfOrphanLine(db.knex, at.getTime())).to.equal('23503');
  });
});
