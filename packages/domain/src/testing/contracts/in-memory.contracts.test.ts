import { InMemoryProviderBalances } from '../in-memory-provider-balances.js';
import { InMemoryRailStepStore } from '../in-memory-rail-step-store.js';
import { InMemoryUnitOfWork } from '../in-memory-unit-of-work.js';
import { persistenceContracts } from './persistence.contracts.js';
import { providerBalanceStoreContract } from './provider-balance-store.contract.js';
import { railStepStoreContract } from './rail-step-store.contract.js';

describe('in-memory adapters', () => {
  persistenceContracts(async () => {
    const unitOfWork = new InMemoryUnitOfWork();
    return {
      unitOfWork,
      // One store behind one lock: every unit of work would be this one.
      anotherProcess: () => unitOfWork,
      committedJobs: async () =>
        unitOfWork.jobs.map((queued) => ({ job: queued.job, startAfter: queued.options.startAfter ?? null })),
    };
  });
});

describe('in-memory rail steps', () => {
  railStepStoreContract(async () => {
    const store = new InMemoryRailStepStore();
    return { store, another: () => store };
  });
});

describe('in-memory provider balances', () => {
  providerBalanceStoreContract(async () => new InMemoryProviderBalances());
});
