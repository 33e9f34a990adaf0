import { createLogger } from '@payout/adapters-http';
import { PayPalPayoutsRail, WiseTransferRail } from '@payout/adapters-rails';
import { expect } from 'chai';
import { configFor } from '../config/config.fixture.js';
import { buildContainer } from './build-container.js';
import { TOKENS } from './tokens.js';

describe('railsFor with Wise and PayPal', () => {
  it('binds the Wise adapter for SWIFT, and PayPal with its configured return window', async () => {
    const config = configFor({
      APP_ENV: 'test',
      RAILS: 'SWIFT=wise,PAYPAL=paypal',
      WISE_API_TOKEN: 'token',
      WISE_PROFILE_ID: '16313153',
      WISE_BASE_URL: 'https://api.sandbox.transferwise.tech',
      PAYPAL_BASE_URL: 'https://api-m.sandbox.paypal.com',
      PAYPAL_CLIENT_ID: 'id',
      PAYPAL_CLIENT_SECRET: 'secret',
      PAYPAL_RETURN_WINDOW_DAYS: '10',
    });
    const rails = (await buildContainer(config, createLogger({ level: 'silent' }))).get(TOKENS.rails);
    expect(rails.get('SWIFT')).to.be.instanceOf(WiseTransferRail);
    const paypal = rails.get('PAYPAL');
    expect(paypal).to.be.instanceOf(PayPalPayoutsRail);
    expect(paypal.returnWindowMs).to.equal(10 * 24 * 3_600_000);
  });
});
