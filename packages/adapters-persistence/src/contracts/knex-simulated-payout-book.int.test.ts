import { simulatedPayoutBookContract } from '@payout/domain/testing';
import { KnexSimulatedPayoutBook } from '../repositories/knex-simulated-payout-book.js';
import { testDatabase } from '../testing/test-database.js';

describe('KnexSimulatedPayoutBook on PostgreSQL', () => {
  simulatedPayoutBookContract(async () => new KnexSimulatedPayoutBook((await testDatabase()).knex));
});
