import { InMemorySimulatedPayoutBook } from '@payout/adapters-rails';
import type { DueDelivery } from '@payout/domain';
import { InMemoryJobRunner, InMemoryRailStepStore, InMemoryUnitOfWork } from '@payout/domain/testing';
import { ContainerModule } from 'inversify';
import { TOKENS } from './tokens.js';

/**
 * APP_ENV=test: everything in process memory, no servers needed; jobs run on an in-process loop, and webhook
 * deliveries are claimed without a spread over merchants.
 */
export const inMemoryModule = () =>
  new ContainerModule(({ bind }) => {
    bind(TOKENS.unitOfWork).toConstantValue(new InMemoryUnitOfWork());
    bind(TOKENS.railSteps).toConstantValue(new InMemoryRailStepStore());
    bind(TOKENS.simulatedBook).toConstantValue(new InMemorySimulatedPayoutBook());
    bind(TOKENS.resources).toConstantValue([]);
    bind(TOKENS.webhookQueue)
      .toDynamicValue(async (ctx) => {
        const { deliverWebhook } = await ctx.getAsync(TOKENS.useCases);
        return {
          claimDue: (limit: number) => deliverWebhook.claimDue(limit),
          handle: (due: DueDelivery) => deliverWebhook.deliver(due),
        };
      })
      .inSingletonScope();
    bind(TOKENS.worker)
      .toDynamicValue(async (ctx) => {
        const useCases = await ctx.getAsync(TOKENS.useCases);
        return new InMemoryJobRunner(
          (await ctx.getAsync(TOKENS.unitOfWork)) as InMemoryUnitOfWork,
          ctx.get(TOKENS.clock),
          useCases.handleJob,
        );
      })
      .inSingletonScope();
  });
