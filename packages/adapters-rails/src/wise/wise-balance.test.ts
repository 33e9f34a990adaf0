import { ManualClock } from '@payout/domain/testing';
import { expect } from 'chai';
import nock from 'nock';
import { useNock } from '../testing/use-nock.js';
import { WiseBalance } from './wise-balance.js';

const BASE_URL = 'https://api.wise-sandbox.com';
const PATH = '/v4/profiles/16313153/balances';
const balance = () =>
  new WiseBalance({
    apiToken: 'wise-token',
    profileId: '16313153',
    baseUrl: BASE_URL,
    timeoutMs: 2000,
    clock: new ManualClock(),
  });
const account = (currency: string, value: number) => ({
  id: 200001,
  currency,
  type: 'STANDARD',
  name: null,
  amount: { value, currency },
  reservedAmount: { value: 0, currency },
  visible: true,
});

describe('WiseBalance', () => {
  useNock();

  it("reads the profile's USD balance", async () => {
    nock(BASE_URL)
      .get(PATH)
      .query({ types: 'STANDARD' })
      .matchHeader('authorization', 'Bearer wise-token')
      .reply(200, [account('EUR', 10), account('USD', 20345.5)]);
    const reading = await balance().read();
    expect(reading.kind === 'READ' && reading.available.toString()).to.equal('20345.50');
  });

  it('is unavailable without a USD balance or an answer', async () => {
    nock(BASE_URL)
      .get(PATH)
      .query(true)
      .reply(200, [account('EUR', 10)]);
    nock(BASE_URL).get(PATH).query(true).reply(401, { error: 'invalid_token' });
    expect((await balance().read()).kind).to.equal('UNAVAILABLE');
    expect((await balance().read()).kind).to.equal('UNAVAILABLE');
  });
});
