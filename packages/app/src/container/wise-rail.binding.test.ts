import { PayPalPayoutsRail, WiseTransferRail } from '@payout/adapters-rails';
import { InMemoryRailStepStore, ManualClock } from '@payout/domain/testing';
import { expect } from 'chai';
import { configFor } from '../config/config.fixture.js';
import { railsFor } from './rails.binding.js';

const WISE = { WISE_API_TOKEN: 'token', WISE_PROFILE_ID: '16313153' };
const PAYPAL = {
  PAYPAL_BASE_URL: 'https://api-m.sandbox.paypal.com',
  PAYPAL_CLIENT_ID: 'id',
  PAYPAL_CLIENT_SECRET: 's',
};

describe('railsFor with Wise and PayPal', () => {
  it('binds the Wise adapter for SWIFT, and PayPal with its configured return window', () => {
    const env = { ...WISE, ...PAYPAL, RAILS: 'SWIFT=wise,PAYPAL=paypal', PAYPAL_RETURN_WINDOW_DAYS: '10' };
    const rails = railsFor(configFor({ APP_ENV: 'test', ...env }), {
      clock: new ManualClock(),
      steps: new InMemoryRailStepStore(),
    });
    expect(rails.get('SWIFT')).to.be.instanceOf(WiseTransferRail);
    const paypal = rails.get('PAYPAL');
    expect(paypal).to.be.instanceOf(PayPalPayoutsRail);
    expect(paypal.returnWindowMs).to.equal(10 * 24 * 3_600_000);
  });
});
