import { Money } from '@payout/domain';
import { ManualClock } from '@payout/domain/testing';
import { expect } from 'chai';
import {
  BASE_URL,
  batchCreated,
  batchShown,
  CLIENT_ID,
  CLIENT_SECRET,
  paypal,
  submission,
  tokenEndpoint,
  usePayPalNock,
} from './paypal-api.fixture.js';
import { createPayPalRails } from './paypal-rails.js';

describe('PayPal access token caching', () => {
  usePayPalNock();
  const setup = () => {
    const clock = new ManualClock();
    const [payPal, venmo] = createPayPalRails({
      baseUrl: BASE_URL,
      clientId: CLIENT_ID,
      clientSecret: CLIENT_SECRET,
      clock,
      timeoutMs: 2000,
    });
    return { clock, payPal, venmo };
  };
  const acceptPayouts = (times: number, token: string) =>
    paypal()
      .post('/v1/payments/payouts')
      .matchHeader('authorization', `Bearer ${token}`)
      .times(times)
      .reply(201, batchCreated('B1', 'wd-0001'));

  it('createPayPalRails answers the PAYPAL and VENMO rails', () => {
    const { payPal, venmo } = setup();
    expect([payPal.id, venmo.id]).to.deep.equal(['PAYPAL', 'VENMO']);
  });

  it('asks for one token for many payouts and status checks on both rails, concurrent ones included', async () => {
    const tokens = tokenEndpoint('TOKEN-A', 32400, 2);
    acceptPayouts(4, 'TOKEN-A');
    paypal()
      .get('/v1/payments/payouts/B1')
      .reply(200, batchShown('B1', 'wd-0001', []));
    const { payPal, venmo } = setup();
    const results = [
      ...(await Promise.all([
        payPal.submit(submission()),
        venmo.submit(submission()),
        payPal.submit(submission()),
      ])),
      await venmo.submit(submission()),
    ];
    const query = {
      withdrawalId: 'wd-0001',
      reference: 'B1',
      amount: Money.of('1.00'),
      submittedAt: new Date(0),
    };
    expect(results.map((result) => result.kind)).to.deep.equal([
      'ACCEPTED',
      'ACCEPTED',
      'ACCEPTED',
      'ACCEPTED',
    ]);
    expect(await payPal.status(query)).to.deep.equal({ kind: 'PENDING' });
    expect(tokens.pendingMocks()).to.have.length(1);
  });

  it('renews the token shortly before PayPal expires it, on the injected clock', async () => {
    const { clock, payPal } = setup();
    tokenEndpoint('TOKEN-A', 600);
    acceptPayouts(2, 'TOKEN-A');
    const accepted = { kind: 'ACCEPTED', reference: 'B1' };
    expect(await payPal.submit(submission())).to.deep.equal(accepted);
    clock.advance(530_000);
    expect(await payPal.submit(submission())).to.deep.equal(accepted);
    tokenEndpoint('TOKEN-B', 600);
    acceptPayouts(1, 'TOKEN-B');
    clock.advance(20_000);
    expect(await payPal.submit(submission())).to.deep.equal(accepted);
  });
});
