import { createLogger } from '@payout/adapters-http';
import { scratchDatabase } from '@payout/adapters-persistence/testing';
import { expect } from 'chai';
import { configFor } from '../config/config.fixture.js';
import { eventually } from '../e2e/support/eventually.js';
import { buildContainer } from './build-container.js';
import { DATABASE, type Database, LEDGER_VERIFICATION_JOB } from './postgres.module.js';
import { TOKENS } from './tokens.js';

/** A worker on PostgreSQL, as wired: it schedules the ledger verification, and runs it when its job comes. */
describe('the scheduled ledger verification on PostgreSQL, as wired', function () {
  this.timeout(30_000);

  it('is scheduled by LEDGER_VERIFICATION_CRON in UTC, runs the verification when its job comes, and is unscheduled by off', async () => {
    const database = await scratchDatabase('ledger_verification_wiring');
    /** A worker started with `cron`; `due`: an occurrence's job is waiting when it starts (its first fetch). */
    const start = async (cron: string, due = false) => {
      const container = await buildContainer(
        configFor({ APP_ENV: 'development', DATABASE_URL: database.url, LEDGER_VERIFICATION_CRON: cron }),
        createLogger({ level: 'silent' }),
      );
      const { boss } = await container.getAsync<Database>(DATABASE);
      if (due) {
        await boss.createQueue(LEDGER_VERIFICATION_JOB);
        await boss.send(LEDGER_VERIFICATION_JOB);
      }
      const worker = await container.getAsync(TOKENS.worker);
      await worker.start();
      const stop = async () => {
        await worker.stop();
        for (const resource of await container.getAsync(TOKENS.resources)) await resource.close();
      };
      return { container, boss, stop };
    };
    try {
      const scheduled = await start('15 4 * * *', true);
      try {
        const schedules = await scheduled.boss.getSchedules(LEDGER_VERIFICATION_JOB);
        expect(schedules.map((s) => [s.cron, s.timezone])).to.deep.equal([['15 4 * * *', 'UTC']]);
        const metrics = scheduled.container.get(TOKENS.metrics);
        await eventually(
          'the verification run by the worker',
          async () => (await metrics.ledgerVerifiedAt.get()).values[0]?.value || undefined,
          10_000,
        );
        expect((await metrics.ledgerProblems.get()).values[0]?.value).to.equal(0);
        // Kept for the archive's ledger guard (migration 0025).
        const { knex } = await scheduled.container.getAsync<Database>(DATABASE);
        expect((await knex('ledger_verifications').select('ok')).map((row) => row.ok)).to.deep.equal([true]);
      } finally {
        await scheduled.stop();
      }
      const off = await start('off');
      try {
        expect(await off.boss.getSchedules(LEDGER_VERIFICATION_JOB)).to.deep.equal([]);
      } finally {
        await off.stop();
      }
    } finally {
      await database.drop();
    }
  });
});
