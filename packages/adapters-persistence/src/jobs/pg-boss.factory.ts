import { JOB_NAMES } from '@payout/domain';
import type { Knex } from 'knex';
import { type Clock, fromKnex, PgBoss } from 'pg-boss';
import { DEFAULT_JOB_QUEUE_SETTINGS, type JobQueueSettings } from './job-queue.settings.js';

export interface PgBossOptions {
  /** Either a connection string (pg-boss opens its own pool) or the service's Knex (shares its pool). */
  readonly connectionString?: string;
  readonly knex?: Knex;
  readonly schema?: string;
  /** Connections of pg-boss's own pool when it opens one (connectionString); pg-boss's default is 10. */
  readonly poolMax?: number;
  readonly settings?: JobQueueSettings;
  /**
   * pg-boss reports background failures (maintenance, polling, a lost connection) as events, and keeps going.
   * Required: an unheard 'error' event would crash the process, and a silent one would hide an outage.
   */
  readonly onError: (error: Error) => void;
  /**
   * Sends the jobs of cron schedules (`schedule()`, PgBossWorkerRunner's `scheduled`) as they come due: on in the
   * processes that run workers. Off, pg-boss does not poll its schedules.
   */
  readonly schedule?: boolean;
  /** pg-boss's source of time and timers: its `TestClock` in a test that moves time by hand. */
  readonly clock?: Clock;
}

/**
 * Starts pg-boss, installing or migrating its schema. Safe when several processes start at once: pg-boss
 * serializes its migrations with an advisory lock. Stop it before destroying the Knex it was given.
 */
export async function createPgBoss(options: PgBossOptions): Promise<PgBoss> {
  const settings = options.settings ?? DEFAULT_JOB_QUEUE_SETTINGS;
  const connection = options.knex
    ? { db: fromKnex(options.knex) }
    : {
        connectionString: requireConnectionString(options.connectionString),
        ...(options.poolMax ? { max: options.poolMax } : {}),
      };
  const boss = new PgBoss({
    ...connection,
    schema: options.schema ?? 'pgboss',
    superviseIntervalSeconds: settings.superviseIntervalSeconds,
    monitorIntervalSeconds: settings.superviseIntervalSeconds,
    schedule: options.schedule ?? false,
    ...(options.clock ? { clock: options.clock } : {}),
  });
  boss.on('error', options.onError);
  await boss.start();
  return boss;
}

function requireConnectionString(value: string | undefined): string {
  if (!value) throw new Error('createPgBoss needs a connectionString or a knex');
  return value;
}

/** Creates the four job queues, or brings an existing queue's retry and expiry policy up to `settings`. */
export async function ensureQueues(boss: PgBoss, settings: JobQueueSettings = DEFAULT_JOB_QUEUE_SETTINGS) {
  const policy = {
    retryLimit: settings.retryLimit,
    retryDelay: settings.retryDelaySeconds,
    retryBackoff: true,
    retryDelayMax: settings.retryDelayMaxSeconds,
    expireInSeconds: settings.expireInSeconds,
    heartbeatSeconds: settings.heartbeatSeconds,
  };
  for (const name of JOB_NAMES) {
    await boss.createQueue(name, policy);
    await boss.updateQueue(name, policy);
  }
}
