import { describeCardVaultContract } from '../testing/card-vault.contract.js';
import { SimulatedCardVault } from './simulated-card.vault.js';

describe('SimulatedCardVault', () => {
  describeCardVaultContract('simulated', () => new SimulatedCardVault(), ['tokenises']);
});
