import type { Clock } from '@payout/domain';
import type { Knex } from 'knex';
import type { ScheduledJob } from '../jobs/pg-boss.worker-runner.js';
import { ensurePartitionsAhead, keyUnkeyedPartitions } from './partition-maker.js';

/** pg-boss's queue of the scheduled making of month partitions (PARTITIONS_CRON). */
export const PARTITIONS_JOB = 'partitions.ahead';

/**
 * The scheduled job that makes the partitions of the current month and the two after it, if missing: a month's
 * partition exists weeks before its first row. It then keys any partition an older release made without its month
 * key (`keyUnkeyedPartitions`). `made` hears the partitions each run made, and those it keyed.
 */
export const partitionsAheadJob = (
  knex: Knex,
  cron: string | null,
  clock: Clock,
  made: (partitions: readonly string[], keyed: readonly string[]) => void = () => {},
): ScheduledJob => ({
  name: PARTITIONS_JOB,
  cron,
  run: async () => {
    const partitions = await ensurePartitionsAhead(knex, clock.now());
    made(partitions, await keyUnkeyedPartitions(knex));
  },
});
