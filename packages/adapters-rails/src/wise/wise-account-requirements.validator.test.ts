import { ManualClock } from '@payout/domain/testing';
import { expect } from 'chai';
import { useNock } from '../testing/use-nock.js';
import {
  accountField,
  ScriptedAccountRequirements,
  swiftCodeRequirements,
} from './wise-account-requirements.fixture.js';
import { WiseAccountRequirementsValidator } from './wise-account-requirements.validator.js';
import { API_TOKEN, BASE_URL, PROFILE_ID, submission } from './wise-api.fixture.js';
import { recipientOf } from './wise-transfer-request.mapping.js';

const validator = () =>
  new WiseAccountRequirementsValidator({
    apiToken: API_TOKEN,
    profileId: PROFILE_ID,
    baseUrl: BASE_URL,
    timeoutMs: 2000,
    clock: new ManualClock(),
  });
/** An international bank link's details as stored: Ada Lovelace's account in Berlin. */
const berlin = submission().destination.details;
const inNewYork = {
  ...berlin,
  accountNumber: '123456789',
  swiftOrBic: 'CHASUS33',
  recipientAddress: '33 Liberty Street',
  recipientCity: 'New York',
  recipientCountry: 'US',
  recipientPostalCode: '10045',
};

describe('WiseAccountRequirementsValidator', () => {
  useNock();

  it("passes details that meet the swift_code requirements of a quote's route, asked as Wise documents", async () => {
    const wise = new ScriptedAccountRequirements();
    expect(await validator().check('international_bank', berlin)).to.deep.equal({ kind: 'VALID' });
    expect(wise.quotes).to.deep.equal([{ sourceCurrency: 'USD', targetCurrency: 'USD', sourceAmount: 1000 }]);
    // The country can bring fields: the recipient, as POST /v1/accounts would take it, is posted to ask again.
    expect(wise.asked.map(({ method, minorVersion }) => [method, minorVersion])).to.deep.equal([
      ['GET', '1'],
      ['POST', '1'],
    ]);
    expect(wise.asked[1]?.body).to.deep.equal(JSON.parse(JSON.stringify(recipientOf(berlin, PROFILE_ID))));
  });

  it('refuses a field the refreshed requirements ask for and the link lacks, or holds a value Wise does not take', async () => {
    new ScriptedAccountRequirements();
    expect(await validator().check('international_bank', inNewYork)).to.deep.equal({
      kind: 'INVALID',
      field: 'data.recipientState',
      message: 'data.recipientState is required by Wise for this account',
    });
    expect(
      await validator().check('international_bank', { ...inNewYork, recipientState: 'NY' }),
    ).to.deep.equal({
      kind: 'VALID',
    });
    expect(
      await validator().check('international_bank', { ...inNewYork, recipientState: 'ZZ' }),
    ).to.deep.equal({
      kind: 'INVALID',
      field: 'data.recipientState',
      message: 'data.recipientState is not a value Wise accepts for State',
    });
  });

  it("names the link's field that breaks Wise's pattern or lengths, and why", async () => {
    new ScriptedAccountRequirements();
    const refused = async (details: Record<string, string>) =>
      validator().check('international_bank', details);
    expect(await refused({ ...berlin, swiftOrBic: 'COBADEFF1' })).to.deep.equal({
      kind: 'INVALID',
      field: 'data.swiftOrBic',
      message: 'data.swiftOrBic is not in the form Wise requires for SWIFT / BIC code',
    });
    expect(
      await refused({ ...berlin, recipientAddress: 'Kurfürstendamm 1, Hinterhaus, 3. Etage' }),
    ).to.deep.equal({
      kind: 'INVALID',
      field: 'data.recipientAddress',
      message: 'data.recipientAddress must be at most 35 characters for Wise (Address)',
    });
    expect(await refused({ ...berlin, recipientCountry: 'FR' })).to.deep.include({
      field: 'data.recipientCountry',
    });
    expect(await refused({ ...berlin, email: 'ada' })).to.deep.include({ field: 'data.email' });
  });

  it('refuses a required field the link does not carry, naming it, and does not judge a pattern JavaScript cannot read', async () => {
    const wise = new ScriptedAccountRequirements();
    const withField = (field: object) => () => {
      const [aba, swift] = swiftCodeRequirements('DE') as [object, { fields: object[] }];
      return [aba, { ...swift, fields: [...swift.fields, { name: 'Extra', group: [field] }] }];
    };
    wise.requirements = withField(accountField('bankCode', 'Bank code'));
    expect(await validator().check('international_bank', berlin)).to.deep.equal({
      kind: 'INVALID',
      field: 'data',
      message: 'Bank code (bankCode), which this link does not carry, is required by Wise for this account',
    });
    // Java's possessive quantifier: JavaScript reads no such pattern, and the value is not refused for it.
    wise.requirements = withField(accountField('accountNumber', 'IBAN', { pattern: '^[A-Z0-9]++$' }));
    expect(await validator().check('international_bank', berlin)).to.deep.equal({ kind: 'VALID' });
  });

  it('has no answer when Wise does not answer or offers no swift_code account, and leaves other kinds alone', async () => {
    const wise = new ScriptedAccountRequirements();
    wise.failNext(503, { errors: [{ code: 'SERVICE_UNAVAILABLE', message: 'Try again later', path: '' }] });
    expect((await validator().check('international_bank', berlin)).kind).to.equal('UNAVAILABLE');
    wise.requirements = () => [swiftCodeRequirements()[0] as object];
    expect((await validator().check('international_bank', berlin)).kind).to.equal('UNAVAILABLE');
    const quoted = wise.quotes.length;
    expect(await validator().check('bank', { routingNumber: '021000021' })).to.deep.equal({ kind: 'VALID' });
    expect(wise.quotes).to.have.length(quoted);
  });
});
