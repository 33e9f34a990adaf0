import { ManualClock } from '@payout/domain/testing';
import { expect } from 'chai';
import nock from 'nock';
import { routingNumberLookup } from '../testing/objects/modern-treasury.objects.js';
import { useNock } from '../testing/use-nock.js';
import { API_KEY, VALID_AUTHORIZATION } from './modern-treasury-api.fixture.js';
import { ModernTreasuryRoutingNumberValidator } from './modern-treasury-routing-number.validator.js';

const BASE_URL = 'https://app.moderntreasury.com';
const validator = () =>
  new ModernTreasuryRoutingNumberValidator({
    organizationId: '4a2b6e5c-0f3d-4a57-9d3c-0c7b1f0e8a11',
    apiKey: API_KEY,
    baseUrl: BASE_URL,
    timeoutMs: 2000,
    clock: new ManualClock(),
  });
const lookup = (routing_number: string, routing_number_type: string) =>
  nock(BASE_URL)
    .get('/api/validations/routing_numbers')
    .query({ routing_number, routing_number_type })
    .matchHeader('authorization', VALID_AUTHORIZATION);

describe('ModernTreasuryRoutingNumberValidator', () => {
  useNock();

  it("checks a bank link's ABA routing number and an international link's BIC", async () => {
    lookup('123456789', 'aba').reply(200, routingNumberLookup());
    lookup('GRINUST0XXX', 'swift').reply(
      200,
      routingNumberLookup({
        routing_number: 'GRINUST0XXX',
        routing_number_type: 'swift',
        supported_payment_types: ['wire'],
      }),
    );
    expect(await validator().check('bank', { routingNumber: '123456789' })).to.deep.equal({ kind: 'VALID' });
    expect(await validator().check('international_bank', { swiftOrBic: 'grin ust0 xxx' })).to.deep.equal({
      kind: 'VALID',
    });
  });

  it('refuses a number Modern Treasury refuses, naming the link field, and has no answer on a 5xx', async () => {
    lookup('021000021', 'aba').reply(422, {
      errors: {
        code: 'parameter_invalid',
        message: 'Routing number is invalid',
        parameter: 'routing_number',
      },
    });
    lookup('COBADEFFXXX', 'swift').reply(404, {
      errors: { code: 'resource_not_found', message: 'Not found' },
    });
    lookup('021000021', 'aba').reply(502);
    expect(await validator().check('bank', { routingNumber: '021000021' })).to.deep.include({
      kind: 'INVALID',
      field: 'data.routingNumber',
    });
    expect(await validator().check('international_bank', { swiftOrBic: 'COBADEFFXXX' })).to.deep.include({
      kind: 'INVALID',
      field: 'data.swiftOrBic',
    });
    expect((await validator().check('bank', { routingNumber: '021000021' })).kind).to.equal('UNAVAILABLE');
  });
});
