import { join } from 'node:path';
import type { Logger } from '@payout/adapters-http/logging';
import {
  ledgerVerificationReporter,
  providerBalanceReporter,
  reconciliationReporter,
} from '@payout/adapters-http/ops';
import {
  AesGcmFieldCipher,
  archiveJob,
  createKnex,
  createPgBoss,
  DEFAULT_COMMIT_GROUPS,
  DEFAULT_JOB_QUEUE_SETTINGS,
  ensureQueues,
  FAST_JOB_QUEUE_SETTINGS,
  KnexProviderBalances,
  KnexRailStepStore,
  KnexSimulatedPayoutBook,
  KnexUnitOfWork,
  knexPoolUsage,
  listenForDue,
  migrateLatest,
  PgBossJobs,
  PgBossWorkerRunner,
  partitionsAheadJob,
  readOpenExceptions,
  readUnresolvedSubmissions,
  readWorkDue,
  recordLedgerVerification,
  startEmbeddedPostgres,
  WEBHOOKS_DUE_CHANNEL,
  webhookDeliveryQueue,
} from '@payout/adapters-persistence';
import { CheckProviderBalances } from '@payout/domain';
import { ContainerModule } from 'inversify';
import type { Knex } from 'knex';
import type { PgBoss } from 'pg-boss';
import type { AppConfig } from '../config/config.js';
import { providerBalancesFor } from './provider-balances.binding.js';
import { type OpenReadReplica, openReadReplica } from './read-replica.binding.js';
import { type Resource, TOKENS } from './tokens.js';
import { webhookClaimLeaseMs } from './use-cases.js';

export interface Database {
  readonly knex: Knex;
  readonly boss: PgBoss;
  readonly url: string;
  readonly kind: 'external' | 'embedded';
  close(): Promise<void>;
}

export const DATABASE = Symbol.for('payout.database');
const READ_REPLICA = Symbol.for('payout.readReplica');

/** pg-boss's queue of the scheduled ledger verification (LEDGER_VERIFICATION_CRON). */
export const LEDGER_VERIFICATION_JOB = 'ledger.verification';
/** pg-boss's queue of the scheduled read of the providers' balances (PROVIDER_BALANCE_CRON). */
export const PROVIDER_BALANCE_JOB = 'provider.balances';
/** pg-boss's queue of the scheduled reconciliation of yesterday (RECONCILIATION_CRON). */
export const RECONCILIATION_JOB = 'reconciliation.daily';

/** Knex's own warnings (a failed connection attempt, say), as the service's log lines. */
const knexLog = (logger: Logger): Knex.Logger => ({
  warn: (message: string) => logger.warn({ component: 'knex' }, message),
  error: (message: string) => logger.error({ component: 'knex' }, message),
  deprecate: (method: string, alternative: string) =>
    logger.warn({ component: 'knex' }, `${method} is deprecated, use ${alternative}`),
  debug: (message: string) => logger.debug({ component: 'knex' }, message),
});

/** Opens PostgreSQL (DATABASE_URL, or the embedded server under DATA_DIR), migrates it and starts pg-boss. */
export async function openDatabase(config: AppConfig, logger: Logger): Promise<Database> {
  const embedded = config.databaseUrl
    ? null
    : await startEmbeddedPostgres({ dataDir: join(config.dataDir, 'postgres') });
  const url = config.databaseUrl ?? (embedded?.url as string);
  const knex = createKnex(url, config.databasePoolMax, knexLog(logger));
  const settings = config.jobQueueProfile === 'fast' ? FAST_JOB_QUEUE_SETTINGS : DEFAULT_JOB_QUEUE_SETTINGS;
  // Our migrations and pg-boss's start (its own schema) touch different schemas: they run side by side.
  const [migrated, started] = await Promise.allSettled([
    migrateLatest(knex),
    // pg-boss gets its own pool: its heartbeats must never queue behind busy request transactions.
    createPgBoss({
      connectionString: url,
      poolMax: Math.max(2, Math.ceil(config.databasePoolMax / 2)),
      settings,
      // Where workers run, pg-boss sends the scheduled jobs (the ledger verification, the balances, the
      // reconciliation) as they come due.
      schedule:
        config.role !== 'api' &&
        [
          config.ledgerVerificationCron,
          config.providerBalanceCron,
          config.reconciliationCron,
          config.partitionsCron,
          config.archiveCron,
        ].some((cron) => cron !== null),
      // The message and code only: pg-boss's errors carry the whole pg client, which a log line has no use for.
      onError: (error) =>
        logger.error({ error: error.message, code: (error as { code?: string }).code }, 'job queue error'),
    }),
  ]);
  const boss = started.status === 'fulfilled' ? started.value : null;
  try {
    if (migrated.status === 'rejected') throw migrated.reason;
    if (!boss) throw (started as PromiseRejectedResult).reason;
    if (migrated.value.length > 0) logger.info({ migrations: migrated.value }, 'database migrated');
    await ensureQueues(boss, settings);
    return {
      knex,
      boss,
      url,
      kind: embedded ? 'embedded' : 'external',
      async close() {
        await boss.stop({ graceful: true, timeout: 20_000 });
        await knex.destroy();
        await embedded?.stop();
      },
    };
  } catch (error) {
    await boss?.stop({ graceful: false });
    await knex.destroy();
    await embedded?.stop();
    throw error;
  }
}

/** APP_ENV development and production: PostgreSQL through Knex, jobs through pg-boss. */
export const postgresModule = (config: AppConfig, logger: Logger) =>
  new ContainerModule(({ bind }) => {
    bind<Database>(DATABASE)
      .toDynamicValue(async (ctx) => {
        const db = await openDatabase(config, logger);
        const metrics = ctx.get(TOKENS.metrics);
        metrics.observePool(() => knexPoolUsage(db.knex));
        // Where workers run: the queues are everyone's, an API replica need not query them at every scrape too.
        if (config.role !== 'api') {
          metrics.observeWorkDue(() => readWorkDue(db.knex));
          metrics.observeUnresolvedSubmissions(() => readUnresolvedSubmissions(db.knex));
          metrics.observeReconciliationExceptions(() => readOpenExceptions(db.knex));
          const balances = new KnexProviderBalances(db.knex);
          metrics.observeProviderBalances(
            async () =>
              (await balances.latest()).map((b) => ({
                provider: b.provider,
                available: Number(b.available.toString()),
                readAtSeconds: b.readAt.getTime() / 1000,
              })),
            Object.fromEntries(
              Object.entries(config.providerBalanceFloors).map(([provider, floor]) => [
                provider,
                Number(floor),
              ]),
            ),
          );
        }
        return db;
      })
      .inSingletonScope();
    bind<OpenReadReplica | null>(READ_REPLICA)
      .toDynamicValue(async (ctx) =>
        openReadReplica(
          config,
          (await ctx.getAsync<Database>(DATABASE)).knex,
          logger,
          knexLog(logger),
          ctx.get(TOKENS.metrics),
        ),
      )
      .inSingletonScope();
    bind(TOKENS.unitOfWork)
      .toDynamicValue(async (ctx) => {
        const db = await ctx.getAsync<Database>(DATABASE);
        return new KnexUnitOfWork({
          knex: db.knex,
          replica: (await ctx.getAsync<OpenReadReplica | null>(READ_REPLICA))?.replica ?? null,
          jobs: new PgBossJobs(db.boss),
          cipher: new AesGcmFieldCipher(config.encryptionKeys),
          // An API answers many requests per event-loop turn: beside a committing group, it waits for a fuller
          // one (docs/decisions/0007-commit-groups-in-the-unit-of-work.md).
          commitGroups:
            config.role === 'api' ? { ...DEFAULT_COMMIT_GROUPS, fullEnough: 8 } : DEFAULT_COMMIT_GROUPS,
        });
      })
      .inSingletonScope();
    bind(TOKENS.railSteps)
      .toDynamicValue(async (ctx) => new KnexRailStepStore((await ctx.getAsync<Database>(DATABASE)).knex))
      .inSingletonScope();
    bind(TOKENS.simulatedBook)
      .toDynamicValue(
        async (ctx) => new KnexSimulatedPayoutBook((await ctx.getAsync<Database>(DATABASE)).knex),
      )
      .inSingletonScope();
    bind(TOKENS.webhookQueue)
      .toDynamicValue(async (ctx) => {
        const db = await ctx.getAsync<Database>(DATABASE);
        const { deliverWebhook } = await ctx.getAsync(TOKENS.useCases);
        return webhookDeliveryQueue({
          knex: db.knex,
          clock: ctx.get(TOKENS.clock),
          terms: { leaseMs: webhookClaimLeaseMs(config), perMerchant: config.webhookConcurrencyPerMerchant },
          delivery: deliverWebhook,
          // Woken by the commit of every new event (migration 0016), from whichever process committed it.
          onDue: (wake) =>
            listenForDue(db.url, WEBHOOKS_DUE_CHANNEL, wake, (error) =>
              logger.warn({ err: error.message }, 'webhook wake-ups lost: deliveries wait for the next look'),
            ),
        });
      })
      .inSingletonScope();
    bind(TOKENS.worker)
      .toDynamicValue(async (ctx) => {
        const db = await ctx.getAsync<Database>(DATABASE);
        const { handleJob, verifyLedger, reconcileRecentDays } = await ctx.getAsync(TOKENS.useCases);
        const clock = ctx.get(TOKENS.clock);
        const verify = ledgerVerificationReporter(
          verifyLedger,
          ctx.get(TOKENS.metrics),
          logger,
          clock,
          (at, report) => recordLedgerVerification(db.knex, at, report),
        );
        const checkBalances = new CheckProviderBalances({
          balances: providerBalancesFor(config, clock),
          store: new KnexProviderBalances(db.knex),
          clock,
        });
        return new PgBossWorkerRunner({
          boss: db.boss,
          // pg-boss carries only rare jobs (approval expiry): one poller per process, not one per unit of
          // WORKER_CONCURRENCY: each poller fetches every second, and pg-boss's fetch is planned on every call.
          concurrency: 1,
          handlers: { 'withdrawal.expire-approval': handleJob },
          scheduled: [
            { name: LEDGER_VERIFICATION_JOB, cron: config.ledgerVerificationCron, run: verify },
            {
              name: PROVIDER_BALANCE_JOB,
              cron: config.providerBalanceCron,
              run: providerBalanceReporter(checkBalances, logger),
            },
            {
              name: RECONCILIATION_JOB,
              cron: config.reconciliationCron,
              run: reconciliationReporter(reconcileRecentDays, logger),
            },
            partitionsAheadJob(db.knex, config.partitionsCron, clock, (made, keyed) => {
              if (made.length > 0) logger.info({ partitions: made }, 'month partitions made');
              if (keyed.length > 0)
                logger.warn({ partitions: keyed }, 'month keys added to partitions made without them');
            }),
            archiveJob(
              db.knex,
              config.archiveCron,
              clock,
              { dir: config.archiveDir, retentionMonths: config.retentionMonths },
              (months) => {
                for (const month of months)
                  if (month.outcome === 'archived') logger.info(month, 'month archived and dropped');
                  else logger.warn(month, 'month past its retention kept');
              },
            ),
          ],
          logger,
        });
      })
      .inSingletonScope();
    bind(TOKENS.resources)
      .toDynamicValue(async (ctx): Promise<Resource[]> => {
        const db = await ctx.getAsync<Database>(DATABASE);
        const replica = await ctx.getAsync<OpenReadReplica | null>(READ_REPLICA);
        return [
          // Closed before the primary: its freshness looks use the primary's pool.
          ...(replica
            ? [
                {
                  name: 'readReplica',
                  optional: true,
                  check: () => replica.check(),
                  close: () => replica.close(),
                },
              ]
            : []),
          {
            name: 'postgres',
            check: async () => void (await db.knex.raw('select 1')),
            close: () => db.close(),
          },
          {
            name: 'jobQueue',
            // Workers run jobs; the API only inserts them, in its own transactions on PostgreSQL (checked above).
            apiServesWithout: true,
            check: async () => {
              if (!(await db.boss.getQueue('withdrawal.expire-approval')))
                throw new Error('job queues are not installed');
            },
            close: async () => {},
          },
        ];
      })
      .inSingletonScope();
  });
