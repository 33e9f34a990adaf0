import { ModernTreasuryPaymentOrderRail } from '@payout/adapters-rails';
import { InMemoryRailStepStore, ManualClock } from '@payout/domain/testing';
import { expect } from 'chai';
import { loadConfig } from '../config/config.js';
import { railsFor } from './rails.binding.js';

describe('railsFor', () => {
  it('binds the rails RAILS gives to modern_treasury to Modern Treasury payment orders', () => {
    const result = loadConfig({
      MODERN_TREASURY_API_KEY: 'test-key',
      MODERN_TREASURY_ORGANIZATION_ID: 'org-1',
      MODERN_TREASURY_ORIGINATING_ACCOUNT_ID: 'internal-account-1',
      RAILS: 'ACH=modern_treasury,SWIFT=modern_treasury,RTP=disabled',
    });
    if (!result.ok) throw new Error(result.errors.join('; '));
    const rails = railsFor(result.config, { clock: new ManualClock(), steps: new InMemoryRailStepStore() });
    for (const id of ['ACH', 'SWIFT'] as const) {
      expect(rails.get(id)).to.be.instanceOf(ModernTreasuryPaymentOrderRail);
      expect(rails.isEnabled(id)).to.equal(true);
    }
    expect(rails.get('WIRE')).not.to.be.instanceOf(ModernTreasuryPaymentOrderRail);
    expect(rails.isEnabled('RTP')).to.equal(false);
  });
});
