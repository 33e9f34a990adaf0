import { persistenceContracts } from '@payout/domain/testing';
import { knexContractSubject } from '../testing/knex-contract-subject.js';

describe('Knex adapters on PostgreSQL', () => {
  persistenceContracts(knexContractSubject);
});
