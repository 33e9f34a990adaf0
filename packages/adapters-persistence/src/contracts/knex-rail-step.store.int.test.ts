import { railStepStoreContract } from '@payout/domain/testing';
import { KnexRailStepStore } from '../repositories/knex-rail-step.store.js';
import { testDatabase } from '../testing/test-database.js';

describe('KnexRailStepStore on PostgreSQL', () => {
  railStepStoreContract(async () => {
    const { knex } = await testDatabase();
    return { store: new KnexRailStepStore(knex), another: () => new KnexRailStepStore(knex) };
  });
});
