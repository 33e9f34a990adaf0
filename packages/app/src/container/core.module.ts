import type { Logger } from '@payout/adapters-http/logging';
import { committedChangesReporter, PayoutMetrics } from '@payout/adapters-http/ops';
import {
  OutboundAddressPolicy,
  observedWebhookSender,
  StandardWebhookSender,
} from '@payout/adapters-http/webhooks';
import {
  CryptoSecretGenerator,
  LeasedQueueRunner,
  merchantOf,
  observeCommits,
  SystemClock,
  TimeOrderedUuidGenerator,
} from '@payout/adapters-persistence';
import { observedRails } from '@payout/adapters-rails';
import { ContainerModule } from 'inversify';
import { type AppConfig, WITHDRAWAL_CHECKS_PER_WORKER_UNIT } from '../config/config.js';
import { cardVaultFor } from './card-vault.binding.js';
import { providerRecordsFor, waitingClock } from './provider-records.binding.js';
import { railsFor, railWebhookVerifiersFor } from './rails.binding.js';
import { recipientValidatorFor } from './recipient-validator.binding.js';
import { TOKENS } from './tokens.js';
import { buildUseCases } from './use-cases.js';

/** Bindings every environment shares: time, ids, secrets, rails, webhook sender and worker, use cases. */
export const coreModule = (config: AppConfig, logger: Logger) =>
  new ContainerModule(({ bind }) => {
    const metrics = new PayoutMetrics();
    bind(TOKENS.metrics).toConstantValue(metrics);
    bind(TOKENS.config).toConstantValue(config);
    bind(TOKENS.clock).toConstantValue(new SystemClock());
    bind(TOKENS.ids).toConstantValue(new TimeOrderedUuidGenerator());
    bind(TOKENS.secrets).toConstantValue(new CryptoSecretGenerator());
    // One rule for the URL an operator registers and for the address each delivery connects to.
    const outboundUrls = new OutboundAddressPolicy(config.outbound);
    bind(TOKENS.webhookSender).toConstantValue(
      observedWebhookSender(
        new StandardWebhookSender({
          timeoutMs: config.webhookTimeoutMs,
          connectionsPerEndpoint: config.webhookConnectionsPerEndpoint,
          addresses: outboundUrls,
        }),
        metrics,
      ),
    );
    bind(TOKENS.rails)
      .toDynamicValue(async (ctx) =>
        railsFor(
          config,
          {
            clock: ctx.get(TOKENS.clock),
            steps: await ctx.getAsync(TOKENS.railSteps),
            simulatedBook: await ctx.getAsync(TOKENS.simulatedBook),
          },
          (rails, provider) => observedRails(rails, provider, metrics, logger),
        ),
      )
      .inSingletonScope();
    bind(TOKENS.useCases)
      .toDynamicValue(async (ctx) =>
        buildUseCases(
          {
            unitOfWork: observeCommits(
              await ctx.getAsync(TOKENS.unitOfWork),
              committedChangesReporter(metrics, logger),
            ),
            rails: await ctx.getAsync(TOKENS.rails),
            clock: ctx.get(TOKENS.clock),
            ids: ctx.get(TOKENS.ids),
            secrets: ctx.get(TOKENS.secrets),
            sender: ctx.get(TOKENS.webhookSender),
            random: Math.random,
            railWebhooks: railWebhookVerifiersFor(config, ctx.get(TOKENS.clock)),
            cardVault: cardVaultFor(config),
            outboundUrls,
            recipients: recipientValidatorFor(config, ctx.get(TOKENS.clock)),
            reconciliation: {
              readers: providerRecordsFor(config, {
                clock: ctx.get(TOKENS.clock),
                simulatedBook: await ctx.getAsync(TOKENS.simulatedBook),
              }),
              clock: waitingClock(ctx.get(TOKENS.clock)),
            },
          },
          config,
        ),
      )
      .inSingletonScope();
    const idleMs = config.appEnv === 'test' || config.jobQueueProfile === 'fast' ? 50 : 250;
    bind(TOKENS.webhookWorker)
      .toDynamicValue(
        async (ctx) =>
          new LeasedQueueRunner(await ctx.getAsync(TOKENS.webhookQueue), {
            concurrency: config.webhookConcurrency,
            groupOf: merchantOf,
            idleMs,
            onError: (error) => logger.error({ err: error }, 'webhook delivery failed'),
          }),
      )
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
