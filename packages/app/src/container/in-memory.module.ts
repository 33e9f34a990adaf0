import { InMemoryJobRunner, InMemoryUnitOfWork } from '@payout/domain/testing';
import { ContainerModule } from 'inversify';
import { TOKENS } from './tokens.js';

/** APP_ENV=test: everything in process memory, no servers needed; jobs run on an in-process loop. */
export const inMemoryModule = () =>
  new ContainerModule(({ bind }) => {
    bind(TOKENS.unitOfWork).toConstantValue(new InMemoryUnitOfWork());
    bind(TOKENS.resources).toConstantValue([]);
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
