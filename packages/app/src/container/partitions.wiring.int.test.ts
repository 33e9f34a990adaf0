import { createLogger } from '@payout/adapters-http';
import { ARCHIVE_JOB, PARTITIONS_JOB } from '@payout/adapters-persistence';
import { scratchDatabase } from '@payout/adapters-persistence/testing';
import { expect } from 'chai';
import { configFor } from '../config/config.fixture.js';
import { buildContainer } from './build-container.js';
import { DATABASE, type Database } from './postgres.module.js';
import { TOKENS } from './tokens.js';

/** A worker on PostgreSQL, as wired: it schedules the partitions ahead and the archive, or neither with off. */
describe('the scheduled partitions and archive on PostgreSQL, as wired', function () {
  this.timeout(30_000);

  it('schedules PARTITIONS_CRON and ARCHIVE_CRON in UTC, and unschedules them with off', async () => {
    const database = await scratchDatabase('partitions_wiring');
    const start = async (partitions: string, archive: string) => {
      const container = await buildContainer(
        configFor({
          APP_ENV: 'development',
          DATABASE_URL: database.url,
          PARTITIONS_CRON: partitions,
          ARCHIVE_CRON: archive,
        }),
        createLogger({ level: 'silent' }),
      );
      const { boss } = await container.getAsync<Database>(DATABASE);
      const worker = await container.getAsync(TOKENS.worker);
      await worker.start();
      const schedules = async (name: string) =>
        (await boss.getSchedules(name)).map((s) => [s.cron, s.timezone]);
      const found = { partitions: await schedules(PARTITIONS_JOB), archive: await schedules(ARCHIVE_JOB) };
      await worker.stop();
      for (const resource of await container.getAsync(TOKENS.resources)) await resource.close();
      return found;
    };
    try {
      expect(await start('10 1 * * *', '20 5 * * *')).to.deep.equal({
        partitions: [['10 1 * * *', 'UTC']],
        archive: [['20 5 * * *', 'UTC']],
      });
      expect(await start('off', 'off')).to.deep.equal({ partitions: [], archive: [] });
    } finally {
      await database.drop();
    }
  });
});
