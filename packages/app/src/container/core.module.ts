import { PayoutMetrics } from '@payout/adapters-http/ops';
import { observedWebhookSender, StandardWebhookSender } from '@payout/adapters-http/webhooks';
import { CryptoSecretGenerator, SystemClock, TimeOrderedUuidGenerator } from '@payout/adapters-persistence';
import type { DueDelivery } from '@payout/domain';
import { ContainerModule } from 'inversify';
import { type AppConfig, WITHDRAWAL_CHECKS_PER_WORKER_UNIT } from '../config/config.js';
import { observeCommits } from '../infrastructure/committed-changes.observer.js';
import { type GroupSpread, LeasedQueueRunner } from '../infrastructure/leased-queue.runner.js';
import type { Logger } from '../infrastructure/logger.js';
import { runnerHandoff, WebhookHandoff } from '../infrastructure/webhook-handoff.js';
import { committedChangesReporter } from '../observability/committed-changes.reporter.js';
import { observedRails } from '../observability/rail-calls.recorder.js';
import { railsFor, railWebhookVerifiersFor } from './rails.binding.js';
import { TOKENS } from './tokens.js';
import { buildUseCases, webhookClaimLeaseMs } from './use-cases.js';

/** Bindings every environment shares: time, ids, secrets, rails, webhook sender and worker, use cases. */
export const coreModule = (config: AppConfig, logger: Logger) =>
  new ContainerModule(({ bind }) => {
    // The events this process's transactions create go to its own webhook runner when it runs one.
    const handoff = new WebhookHandoff(webhookClaimLeaseMs(config));
    bind(TOKENS.webhookHandoff).toConstantValue(handoff);
    const metrics = new PayoutMetrics();
    bind(TOKENS.metrics).toConstantValue(metrics);
    bind(TOKENS.config).toConstantValue(config);
    bind(TOKENS.clock).toConstantValue(new SystemClock());
    bind(TOKENS.ids).toConstantValue(new TimeOrderedUuidGenerator());
    bind(TOKENS.secrets).toConstantValue(new CryptoSecretGenerator());
    bind(TOKENS.webhookSender).toConstantValue(
      observedWebhookSender(
        new StandardWebhookSender({ connectionsPerEndpoint: config.webhookConnectionsPerEndpoint }),
        metrics,
      ),
    );
    bind(TOKENS.rails)
      .toDynamicValue((ctx) =>
        railsFor(config, ctx.get(TOKENS.clock), (rails, provider) =>
          observedRails(rails, provider, metrics, logger),
        ),
      )
      .inSingletonScope();
    bind(TOKENS.useCases)
      .toDynamicValue(async (ctx) =>
        buildUseCases(
          {
            unitOfWork: handoff.wrap(
              observeCommits(
                await ctx.getAsync(TOKENS.unitOfWork),
                committedChangesReporter(metrics, logger),
              ),
            ),
            rails: ctx.get(TOKENS.rails),
            clock: ctx.get(TOKENS.clock),
            ids: ctx.get(TOKENS.ids),
            secrets: ctx.get(TOKENS.secrets),
            sender: ctx.get(TOKENS.webhookSender),
            random: Math.random,
            railWebhooks: railWebhookVerifiersFor(config, ctx.get(TOKENS.clock)),
          },
          config,
        ),
      )
      .inSingletonScope();
    const idleMs = config.appEnv === 'test' || config.jobQueueProfile === 'fast' ? 50 : 250;
    bind(TOKENS.webhookWorker)
      .toDynamicValue(async (ctx) => {
        const { deliverWebhook } = await ctx.getAsync(TOKENS.useCases);
        const deliveries = {
          claimDue: (limit: number, spread?: GroupSpread) =>
            deliverWebhook.claimDue(
              limit,
              spread && { perMerchant: spread.perGroup, inFlight: spread.inFlight },
            ),
          handle: (due: DueDelivery) => deliverWebhook.deliver(due),
        };
        const onError = (error: unknown) => logger.error({ err: error }, 'webhook delivery failed');
        const runner = new LeasedQueueRunner(deliveries, {
          concurrency: config.webhookConcurrency,
          groups: { of: (due) => due.event.merchantId, limit: config.webhookConcurrencyPerMerchant },
          idleMs,
          onError,
        });
        handoff.attach(runnerHandoff(runner, (events) => deliverWebhook.withEndpoints(events), onError));
        return runner;
      })
      .inSingletonScope();
    bind(TOKENS.withdrawalWorker)
      .toDynamicValue(async (ctx) => {
        const { dueWithdrawals } = await ctx.getAsync(TOKENS.useCases);
        return new LeasedQueueRunner(dueWithdrawals, {
          concurrency: config.workerConcurrency * WITHDRAWAL_CHECKS_PER_WORKER_UNIT,
          idleMs,
          onError: (error) => logger.error({ err: error }, 'withdrawal check failed'),
        });
      })
      .inSingletonScope();
  });
