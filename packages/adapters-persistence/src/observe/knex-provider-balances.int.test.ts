import { providerBalanceStoreContract } from '@payout/domain/testing';
import { testDatabase } from '../testing/test-database.js';
import { KnexProviderBalances } from './knex-provider-balances.js';

describe('KnexProviderBalances on PostgreSQL', () => {
  providerBalanceStoreContract(async () => new KnexProviderBalances((await testDatabase()).knex));
});
