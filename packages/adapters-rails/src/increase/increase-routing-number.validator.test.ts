import { ManualClock } from '@payout/domain/testing';
import { expect } from 'chai';
import nock from 'nock';
import { increasePage, routingNumber } from '../testing/objects/increase-accounts.objects.js';
import { useNock } from '../testing/use-nock.js';
import { API_KEY, BASE_URL } from './increase-api.fixture.js';
import { IncreaseRoutingNumberValidator } from './increase-routing-number.validator.js';

const validator = () =>
  new IncreaseRoutingNumberValidator({
    apiKey: API_KEY,
    baseUrl: BASE_URL,
    timeoutMs: 2000,
    clock: new ManualClock(),
  });
/** A `RoutingNumberListResponse` of Increase's SDK, on every network or none. */
const bank = (support: 'supported' | 'not_supported') =>
  routingNumber({
    ach_transfers: support,
    fednow_transfers: support,
    real_time_payments_request_for_payment: support,
    real_time_payments_transfers: support,
    wire_transfers: support,
  });
const lookup = (data: object[]) =>
  nock(BASE_URL)
    .get('/routing_numbers')
    .query({ routing_number: '021000021' })
    .matchHeader('authorization', `Bearer ${API_KEY}`)
    .reply(200, increasePage(data));
const details = { routingNumber: '021000021', accountNumber: '123456789' };

describe('IncreaseRoutingNumberValidator', () => {
  useNock();

  it("passes a bank link whose routing number is a bank's that takes transfers", async () => {
    lookup([bank('supported')]);
    expect(await validator().check('bank', details)).to.deep.equal({ kind: 'VALID' });
  });

  it('refuses one Increase knows no bank for, or whose bank takes no transfers, naming the field', async () => {
    lookup([]);
    lookup([bank('not_supported')]);
    for (const message of ['names no bank', 'takes no ACH, RTP or wire transfers'])
      expect(await validator().check('bank', details))
        .to.deep.include({
          kind: 'INVALID',
          field: 'data.routingNumber',
        })
        .and.satisfy((check: { message: string }) => check.message.includes(message));
  });

  it('has no answer when Increase does not answer, and leaves other kinds alone', async () => {
    nock(BASE_URL).get('/routing_numbers').query(true).reply(503, 'down');
    expect((await validator().check('bank', details)).kind).to.equal('UNAVAILABLE');
    expect(await validator().check('zelle', { username: 'ada@example.com' })).to.deep.equal({
      kind: 'VALID',
    });
  });
});
