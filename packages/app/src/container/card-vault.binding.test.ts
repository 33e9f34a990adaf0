import {
  IncreaseCardVault,
  IncreaseTransferRail,
  ModernTreasuryCardVault,
  ModernTreasuryPaymentOrderRail,
  SimulatedCardVault,
} from '@payout/adapters-rails';
import { ManualClock } from '@payout/domain/testing';
import { expect } from 'chai';
import { loadConfig } from '../config/config.js';
import { cardVaultFor } from './card-vault.binding.js';
import { railsFor } from './rails.binding.js';

const INCREASE_CARDS = {
  INCREASE_API_KEY: 'secret_key_sandbox',
  INCREASE_ACCOUNT_NUMBER_ID: 'account_number_1',
  INCREASE_CARD_TOKENIZATION_KEY: 'card_tokenization_key',
  INCREASE_CARD_SENDER_NAME: 'Acme Payouts',
  INCREASE_CARD_SENDER_NAME_PREFIX: 'ACME',
  INCREASE_CARD_SENDER_CATEGORY_CODE: '6012',
  INCREASE_CARD_SENDER_ADDRESS_LINE1: '33 Liberty Street',
  INCREASE_CARD_SENDER_CITY: 'New York',
  INCREASE_CARD_SENDER_STATE: 'NY',
  INCREASE_CARD_SENDER_POSTAL_CODE: '10045',
};
const MODERN_TREASURY = {
  MODERN_TREASURY_API_KEY: 'test-key',
  MODERN_TREASURY_ORGANIZATION_ID: 'org-1',
  MODERN_TREASURY_ORIGINATING_ACCOUNT_ID: 'internal-account-1',
};

const configOf = (env: Record<string, string>) => {
  const result = loadConfig(env);
  if (!result.ok) throw new Error(result.errors.join('; '));
  return result.config;
};

describe('cardVaultFor and PUSH_TO_CARD in railsFor', () => {
  it("tokenises cards at Increase's vault and pays them with Increase's card push when RAILS says so", () => {
    const config = configOf({ ...INCREASE_CARDS, RAILS: 'PUSH_TO_CARD=increase' });
    expect(cardVaultFor(config)).to.be.instanceOf(IncreaseCardVault);
    const rail = railsFor(config, new ManualClock()).get('PUSH_TO_CARD');
    expect(rail).to.be.instanceOf(IncreaseTransferRail);
    expect(rail?.id).to.equal('PUSH_TO_CARD');
  });

  it('tokenises cards as Modern Treasury external accounts when Modern Treasury pays them', () => {
    const config = configOf({ ...MODERN_TREASURY, RAILS: 'PUSH_TO_CARD=modern_treasury' });
    expect(cardVaultFor(config)).to.be.instanceOf(ModernTreasuryCardVault);
    expect(railsFor(config, new ManualClock()).get('PUSH_TO_CARD')).to.be.instanceOf(
      ModernTreasuryPaymentOrderRail,
    );
  });

  it('keeps no card anywhere when PUSH_TO_CARD is simulated or disabled, even with Increase on other rails', () => {
    const increaseBanks = { ...INCREASE_CARDS, INCREASE_ACCOUNT_ID: 'account_1', RAILS: 'ACH=increase' };
    expect(cardVaultFor(configOf(increaseBanks))).to.be.instanceOf(SimulatedCardVault);
    expect(cardVaultFor(configOf({ RAILS: 'PUSH_TO_CARD=disabled' }))).to.be.instanceOf(SimulatedCardVault);
  });
});
