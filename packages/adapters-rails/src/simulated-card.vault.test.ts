import { SimulatedCardVault } from './simulated-card.vault.js';
import { describeCardVaultContract } from './testing/card-vault.contract.js';

describe('SimulatedCardVault', () => {
  describeCardVaultContract('simulated', () => new SimulatedCardVault(), ['tokenises']);
});
