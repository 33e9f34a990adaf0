import { ManualClock } from '@payout/domain/testing';
import { expect } from 'chai';
import {
  BASE_URL,
  CLIENT_ID,
  CLIENT_SECRET,
  paypal,
  tokenEndpoint,
  usePayPalNock,
} from './paypal-api.fixture.js';
import { PayPalBalance } from './paypal-balance.js';

const balance = () =>
  new PayPalBalance({
    baseUrl: BASE_URL,
    clientId: CLIENT_ID,
    clientSecret: CLIENT_SECRET,
    timeoutMs: 2000,
    clock: new ManualClock(),
  });

describe('PayPalBalance', () => {
  usePayPalNock();

  it('reads the available USD balance from List all balances', async () => {
    tokenEndpoint('TOKEN-B');
    paypal()
      .get('/v1/reporting/balances')
      .query({ currency_code: 'USD' })
      .matchHeader('authorization', 'Bearer TOKEN-B')
      .reply(200, {
        balances: [
          {
            currency: 'USD',
            primary: true,
            total_balance: { currency_code: 'USD', value: '1500.00' },
            available_balance: { currency_code: 'USD', value: '1250.75' },
            withheld_balance: { currency_code: 'USD', value: '249.25' },
          },
        ],
        account_id: 'YRVQW9ZPRTC9Q',
        as_of_time: '2026-03-02T10:00:00Z',
        last_refresh_time: '2026-03-02T09:59:00Z',
      });
    const reading = await balance().read();
    expect(reading.kind === 'READ' && reading.available.toString()).to.equal('1250.75');
  });

  it('is unavailable without a USD balance, or when PayPal refuses the call (no reporting permission)', async () => {
    tokenEndpoint('TOKEN-C', 32400, 2);
    paypal().get('/v1/reporting/balances').query(true).reply(200, { balances: [] });
    paypal().get('/v1/reporting/balances').query(true).reply(403, { name: 'NOT_AUTHORIZED' });
    expect((await balance().read()).kind).to.equal('UNAVAILABLE');
    const refused = await balance().read();
    expect(refused.kind === 'UNAVAILABLE' && refused.detail).to.include('403');
  });
});
