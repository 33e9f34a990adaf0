import { capturedLogger } from '@payout/adapters-http/testing';
import {
  createPgBoss,
  DEFAULT_JOB_QUEUE_SETTINGS,
  ensureQueues,
  KnexUnitOfWork,
  migrateLatest,
} from '@payout/adapters-persistence';
import { scratchDatabase } from '@payout/adapters-persistence/testing';
import { firstPage } from '@payout/domain';
import { ManualClock } from '@payout/domain/testing';
import { expect } from 'chai';
import { TestClock } from 'pg-boss';
import { configFor } from '../config/config.fixture.js';
import { buildContainer } from './build-container.js';
import { DATABASE, type Database, RECONCILIATION_JOB } from './postgres.module.js';
import { TOKENS } from './tokens.js';

const MINUTE_MS = 60_000;
const NOW = '2026-03-03T03:58:00Z';

/**
 * A worker on PostgreSQL as wired, its pg-boss on a TestClock that the test moves by hand: RECONCILIATION_CRON
 * schedules the reconciliation of yesterday (and of the days before it still to be reconciled), and `off` removes
 * the schedule.
 */
describe('the scheduled reconciliation on PostgreSQL, as wired', function () {
  this.timeout(60_000);

  it('reconciles yesterday for every provider read when RECONCILIATION_CRON comes, and not before; off unschedules it', async () => {
    const database = await scratchDatabase('reconciliation_wiring');
    await migrateLatest(database.knex);
    const clock = new TestClock(NOW);
    /** A worker with `cron` whose pg-boss keeps time on the test's clock. */
    const start = async (cron: string) => {
      const boss = await createPgBoss({
        connectionString: database.url,
        settings: DEFAULT_JOB_QUEUE_SETTINGS,
        schedule: true,
        clock,
        onError: (error) => {
          throw error;
        },
      });
      await ensureQueues(boss, DEFAULT_JOB_QUEUE_SETTINGS);
      const { lines, logger } = capturedLogger();
      const container = await buildContainer(
        configFor({
          APP_ENV: 'development',
          DATABASE_URL: database.url,
          RECONCILIATION_CRON: cron,
          LEDGER_VERIFICATION_CRON: 'off',
          PROVIDER_BALANCE_CRON: 'off',
        }),
        logger,
      );
      const db: Database = {
        knex: database.knex,
        boss,
        url: database.url,
        kind: 'external',
        close: () => boss.stop({ graceful: false }),
      };
      (await container.rebind(DATABASE)).toConstantValue(db);
      (await container.rebind(TOKENS.clock)).toConstantValue(new ManualClock(NOW));
      const worker = await container.getAsync(TOKENS.worker);
      await worker.start();
      const stop = async () => {
        await worker.stop();
        await boss.stop({ graceful: false });
      };
      return { boss, lines, stop };
    };
    const runs = async () =>
      (
        await new KnexUnitOfWork({
          knex: database.knex,
          jobs: { in: () => ({ enqueue: async () => {} }) },
          cipher: { encrypt: () => '', decrypt: () => '' },
        }).read.reconciliation.listRuns({ provider: 'simulated' }, firstPage('asc'))
      ).items.map((run) => run.day);
    try {
      const scheduled = await start('0 4 * * *');
      try {
        expect(
          (await scheduled.boss.getSchedules(RECONCILIATION_JOB)).map((s) => [s.cron, s.timezone]),
        ).to.deep.equal([['0 4 * * *', 'UTC']]);
        await clock.tick(MINUTE_MS);
        expect(await runs(), 'before 04:00').to.deep.equal([]);
        for (let minute = 0; minute < 10 && (await runs()).length < 2; minute++) await clock.tick(MINUTE_MS);
        expect(await runs(), 'the day before yesterday had no run yet').to.deep.equal([
          '2026-03-01',
          '2026-03-02',
        ]);
        expect(scheduled.lines.filter((line) => line.msg === 'provider-day reconciled')).to.have.length(2);
      } finally {
        await scheduled.stop();
      }
      const off = await start('off');
      try {
        expect(await off.boss.getSchedules(RECONCILIATION_JOB)).to.deep.equal([]);
      } finally {
        await off.stop();
      }
    } finally {
      await database.drop();
    }
  });
});
