import { simulatedPayoutBookContract } from '@payout/domain/testing';
import { InMemorySimulatedPayoutBook } from './simulated-payout-book.js';

describe('InMemorySimulatedPayoutBook', () => {
  simulatedPayoutBookContract(async () => new InMemorySimulatedPayoutBook());
});
