import { buildWithdrawal, seedParties } from '@payout/domain/testing';
import { expect } from 'chai';
import type { Knex } from 'knex';
import { createKnex } from '../sql/knex-pool.js';
import { migrateLatest } from './migrate.js';
import { migrateDownBefore, migratedScratchDatabase, seedingUnitOfWork } from './migration-steps.fixture.js';

const INDEX = 'withdrawals_submitted_idx';
/** The longest a write to withdrawals may wait for a lock while the index builds. */
const WRITE_BLOCKED_BOUND_MS = 500;

/**
 * The backend building the index while it waits: for a lock on withdrawals (a plain build), or for a transaction
 * to end (a concurrent one). Nothing else here waits for either.
 */
const BUILD = `SELECT DISTINCT pid FROM pg_locks
  WHERE NOT granted AND pid <> pg_backend_pid() AND (relation = 'withdrawals'::regclass OR locktype = 'virtualxid')`;

/** Resolves with the build's backend once it waits for a lock (for the write in flight to end). */
async function buildWaits(knex: Knex): Promise<number> {
  for (let tries = 0; tries < 50_000; tries++) {
    const [build] = (await knex.raw(BUILD)).rows as { pid: number }[];
    if (build) return build.pid;
  }
  throw new Error('the index build never waited');
}

/**
 * Throws when the build waits for the migration lock's holder (idle in its transaction) or a process waiting for
 * that lock, either with a snapshot: neither ends before the migration does. Other transactions it waits for end.
 */
async function refuseDeadlock(knex: Knex): Promise<void> {
  const { rows } = await knex.raw(
    `SELECT b.query FROM (${BUILD}) build, unnest(pg_blocking_pids(build.pid)) blocker
       JOIN pg_stat_activity b ON b.pid = blocker
      WHERE b.backend_xmin IS NOT NULL AND (b.state = 'idle in transaction' OR b.wait_event = 'advisory')`,
  );
  if (rows.length > 0) throw new Error(`the index build waits for the migration lock's ${rows[0].query}`);
}

const indexValid = async (knex: Knex): Promise<boolean | undefined> =>
  (await knex.raw('SELECT indisvalid AS valid FROM pg_index WHERE indexrelid = to_regclass(?)', [INDEX]))
    .rows[0]?.valid;

/**
 * A connection that writes withdrawals, one statement at a time; each write reports how long PostgreSQL showed it
 * waiting for a lock (pg_stat_activity, sampled until it answers), and fails once that passes the bound.
 */
async function withdrawalWriter(url: string, observer: Knex, ids: readonly string[]) {
  const knex = createKnex(url, 1);
  const [{ pid }] = (await knex.raw('SELECT pg_backend_pid() AS pid')).rows as { pid: number }[];
  let writes = 0;
  const write = async (): Promise<number> => {
    let answered = false;
    const written = knex('withdrawals')
      .where({ id: ids[writes++ % ids.length] })
      .update({ next_check_at: knex.raw('clock_timestamp()') })
      .then(() => {
        answered = true;
      });
    let blockedMs = 0;
    while (!answered) {
      const [seen] = (
        await observer.raw(
          `SELECT extract(epoch FROM clock_timestamp() - query_start) * 1000 AS ms FROM pg_stat_activity
            WHERE pid = ? AND wait_event_type = 'Lock'`,
          [pid],
        )
      ).rows as { ms: number }[];
      blockedMs = Math.max(blockedMs, seen?.ms ?? 0);
      if (blockedMs > WRITE_BLOCKED_BOUND_MS)
        throw new Error(`a write to withdrawals waited ${Math.round(blockedMs)} ms for a lock`);
    }
    await written;
    return blockedMs;
  };
  return { write, close: () => knex.destroy() };
}

describe('migration 0027 on a withdrawals table in use', function () {
  this.timeout(60_000);
  const database = migratedScratchDatabase('reconciliation_index');
  let withdrawalIds: string[];

  beforeEach(async () => {
    const db = database();
    await migrateDownBefore(db.knex, '0027-reconciliation');
    const unitOfWork = seedingUnitOfWork(db.knex);
    const parties = await seedParties(unitOfWork, '0.00');
    const withdrawals = Array.from({ length: 50 }, () => ({
      ...buildWithdrawal(parties, '10.00'),
      railProvider: 'increase',
    }));
    await unitOfWork.run(async (tx) => {
      for (const w of withdrawals) await tx.withdrawals.insert(w);
    });
    withdrawalIds = withdrawals.map((w) => w.id);
  });

  it('builds its index while withdrawals are written, none of the writes held, and a process starting meanwhile waits without holding the build', async () => {
    const db = database();
    const writer = await withdrawalWriter(db.url, db.knex, withdrawalIds.slice(1));
    // A write in flight when the migration starts: the build waits for it to end, the traffic goes on meanwhile.
    const inFlight = await db.knex.transaction();
    try {
      await inFlight('withdrawals').where({ id: withdrawalIds[0] }).update({ next_check_at: null });
      const migrating = migrateLatest(db.knex);
      await buildWaits(db.knex);
      const second = migrateLatest(db.knex);
      const blocked: number[] = [];
      for (let n = 0; n < 20; n++) blocked.push(await writer.write());
      await inFlight.commit();
      let outcome: { names: readonly string[] } | { error: unknown } | undefined;
      migrating.then(
        (names) => {
          outcome = { names };
        },
        (error: unknown) => {
          outcome = { error };
        },
      );
      while (outcome === undefined) {
        await refuseDeadlock(db.knex);
        blocked.push(await writer.write());
      }
      if ('error' in outcome) throw outcome.error;

      expect(outcome.names).to.include.members(['0027-reconciliation', '0028-rail-steps-merchant']);
      expect(await second, 'the second process finds nothing left to apply').to.deep.equal([]);
      expect(Math.max(...blocked)).to.be.at.most(WRITE_BLOCKED_BOUND_MS);
      expect(await indexValid(db.knex)).to.equal(true);
    } finally {
      if (!inFlight.isCompleted()) await inFlight.rollback();
      await writer.close();
    }
  });

  it('builds it again on the next start after a build cut short left it invalid and Knex’s lock set', async () => {
    const db = database();
    const inFlight = await db.knex.transaction();
    await inFlight('withdrawals').where({ id: withdrawalIds[0] }).update({ next_check_at: null });
    const migrating = migrateLatest(db.knex).then(
      () => null,
      (error: { code?: string }) => error.code ?? String(error),
    );
    await db.knex.raw('SELECT pg_cancel_backend(?)', [await buildWaits(db.knex)]);
    expect(await migrating, 'query_canceled').to.equal('57014');
    await inFlight.rollback();
    expect(await indexValid(db.knex), 'left invalid').to.equal(false);
    // As a process that died while it built leaves it: Knex's own lock is still set.
    await db.knex('knex_migrations_lock').update({ is_locked: 1 });

    expect(await migrateLatest(db.knex)).to.include.members([
      '0027-reconciliation',
      '0028-rail-steps-merchant',
    ]);
    expect(await indexValid(db.knex)).to.equal(true);
  });
});
