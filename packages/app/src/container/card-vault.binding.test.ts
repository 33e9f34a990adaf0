import {
  IncreaseCardVault,
  IncreaseTransferRail,
  ModernTreasuryCardVault,
  ModernTreasuryPaymentOrderRail,
  SimulatedCardVault,
} from '@payout/adapters-rails';
import { InMemoryRailStepStore, ManualClock } from '@payout/domain/testing';
import { expect } from 'chai';
import { configFor, INCREASE_CARD_ENV as INCREASE_CARDS } from '../config/config.fixture.js';
import { cardVaultFor } from './card-vault.binding.js';
import { railsFor } from './rails.binding.js';

const MODERN_TREASURY = {
  MODERN_TREASURY_API_KEY: 'test-key',
  MODERN_TREASURY_ORGANIZATION_ID: 'org-1',
  MODERN_TREASURY_ORIGINATING_ACCOUNT_ID: 'internal-account-1',
};

describe('cardVaultFor and PUSH_TO_CARD in railsFor', () => {
  it("tokenises cards at Increase's vault and pays them with Increase's card push when RAILS says so", () => {
    const config = configFor({ ...INCREASE_CARDS, RAILS: 'PUSH_TO_CARD=increase' });
    expect(cardVaultFor(config)).to.be.instanceOf(IncreaseCardVault);
    const rail = railsFor(config, { clock: new ManualClock(), steps: new InMemoryRailStepStore() }).get(
      'PUSH_TO_CARD',
    );
    expect(rail).to.be.instanceOf(IncreaseTransferRail);
    expect(rail?.id).to.equal('PUSH_TO_CARD');
  });

  it('tokenises cards as Modern Treasury external accounts when Modern Treasury pays them', () => {
    const config = configFor({ ...MODERN_TREASURY, RAILS: 'PUSH_TO_CARD=modern_treasury' });
    expect(cardVaultFor(config)).to.be.instanceOf(ModernTreasuryCardVault);
    expect(
      railsFor(config, { clock: new ManualClock(), steps: new InMemoryRailStepStore() }).get('PUSH_TO_CARD'),
    ).to.be.instanceOf(ModernTreasuryPaymentOrderRail);
  });

  it('keeps no card anywhere when PUSH_TO_CARD is simulated or disabled, even with Increase on other rails', () => {
    const increaseBanks = { ...INCREASE_CARDS, INCREASE_ACCOUNT_ID: 'account_1', RAILS: 'ACH=increase' };
    expect(cardVaultFor(configFor(increaseBanks))).to.be.instanceOf(SimulatedCardVault);
    expect(cardVaultFor(configFor({ RAILS: 'PUSH_TO_CARD=disabled' }))).to.be.instanceOf(SimulatedCardVault);
  });
});
