import { ManualClock } from '@payout/domain/testing';
import { expect } from 'chai';
import nock from 'nock';
import { balanceLookup } from '../testing/objects/increase-accounts.objects.js';
import { takeAnswersOutsideDefinition, useNock } from '../testing/use-nock.js';
import { ACCOUNT_ID, API_KEY, BASE_URL } from './increase-api.fixture.js';
import { IncreaseBalance } from './increase-balance.js';

const balance = () =>
  new IncreaseBalance({
    apiKey: API_KEY,
    baseUrl: BASE_URL,
    accountId: ACCOUNT_ID,
    timeoutMs: 2000,
    clock: new ManualClock(),
  });

describe('IncreaseBalance', () => {
  useNock();

  it("reads the account's available balance, in cents, from its BalanceLookup", async () => {
    nock(BASE_URL)
      .get(`/accounts/${ACCOUNT_ID}/balance`)
      .matchHeader('authorization', `Bearer ${API_KEY}`)
      .reply(
        200,
        balanceLookup({ account_id: ACCOUNT_ID, available_balance: 1234567, current_balance: 1300000 }),
      );
    const reading = await balance().read();
    expect(reading.kind === 'READ' && [reading.available.toString(), reading.currency]).to.deep.equal([
      '12345.67',
      'USD',
    ]);
  });

  it('is unavailable, never a balance, on an error or a body without cents', async () => {
    nock(BASE_URL).get(`/accounts/${ACCOUNT_ID}/balance`).reply(503, 'down');
    nock(BASE_URL)
      .get(`/accounts/${ACCOUNT_ID}/balance`)
      .reply(200, { ...balanceLookup({ account_id: ACCOUNT_ID }), available_balance: '12.5' });
    expect((await balance().read()).kind).to.equal('UNAVAILABLE');
    expect((await balance().read()).kind).to.equal('UNAVAILABLE');
    takeAnswersOutsideDefinition('available_balance must be number');
  });
});
