import type { Clock } from '@payout/domain';
import type { Knex } from 'knex';
import type { ScheduledJob } from '../jobs/pg-boss.worker-runner.js';
import { type ArchivedMonth, type ArchiveOptions, archiveMonths } from './month-archive.js';

/** pg-boss's queue of the scheduled archive (ARCHIVE_CRON). */
export const ARCHIVE_JOB = 'partitions.archive';

/** The scheduled archive of the months past their retention; `report` hears what became of each month it looked at. */
export const archiveJob = (
  knex: Knex,
  cron: string | null,
  clock: Clock,
  options: Omit<ArchiveOptions, 'now' | 'before'>,
  report: (months: readonly ArchivedMonth[]) => void = () => {},
): ScheduledJob => ({
  name: ARCHIVE_JOB,
  cron,
  run: async () => report(await archiveMonths(knex, { ...options, now: clock.now() })),
});
