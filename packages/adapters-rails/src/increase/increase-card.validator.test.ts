import { ManualClock } from '@payout/domain/testing';
import { expect } from 'chai';
import nock from 'nock';
import { useNock } from '../testing/use-nock.js';
import { IncreaseCardValidator } from './increase-card.validator.js';
import { CARD_SENDER, CARD_TOKEN } from './increase-card-push.fixture.js';
import { type CardValidationState, ScriptedCardValidations } from './increase-card-validation.fixture.js';
import { ACCOUNT_ID, API_KEY, BASE_URL, errorBody } from './increase-sandbox.fixture.js';

const validator = () =>
  new IncreaseCardValidator({
    apiKey: API_KEY,
    baseUrl: BASE_URL,
    accountId: ACCOUNT_ID,
    cardSender: CARD_SENDER,
    timeoutMs: 2000,
    clock: new ManualClock(),
  });
/** A `card` link's destination once Increase's vault tokenised it: the number is gone. */
const vaulted = { cardToken: CARD_TOKEN, cardVault: 'increase', expMonth: '12', expYear: '2099' };

describe('IncreaseCardValidator', () => {
  useNock();

  it("creates one validation of the card's token, from our account and as our card sender, keyed by the token", async () => {
    const increase = new ScriptedCardValidations('complete');
    expect(await validator().check('card', vaulted)).to.deep.equal({ kind: 'VALID' });
    expect(await validator().check('card', vaulted)).to.deep.equal({ kind: 'VALID' });
    expect(increase.created).to.equal(1);
    expect(increase.keys).to.deep.equal([`card_validation_${CARD_TOKEN}`, `card_validation_${CARD_TOKEN}`]);
    expect(increase.bodies[0]).to.deep.equal({
      account_id: ACCOUNT_ID,
      card_token_id: CARD_TOKEN,
      merchant_category_code: '6012',
      merchant_city_name: 'New York',
      merchant_name: 'Acme Payouts',
      merchant_postal_code: '10045',
      merchant_state: 'NY',
    });
  });

  it('refuses a card its issuer declined, or whose token Increase refuses, on data.cardNumber', async () => {
    new ScriptedCardValidations('declined');
    expect(await validator().check('card', vaulted)).to.deep.equal({
      kind: 'INVALID',
      field: 'data.cardNumber',
      message: 'data.cardNumber is a card its issuer declined to validate',
    });
    nock.cleanAll();
    const refusing = new ScriptedCardValidations('pending');
    refusing.failNextCreate(
      400,
      errorBody(400, 'invalid_parameters_error', 'Invalid parameters.', {
        errors: [{ field: 'card_token_id', message: 'The card cannot be validated.' }],
      }),
    );
    expect(await validator().check('card', vaulted)).to.deep.include({
      kind: 'INVALID',
      field: 'data.cardNumber',
    });
  });

  it('has no answer while the validation is pending, or when Increase does not answer', async () => {
    for (const state of ['pending', 'submitted'] as CardValidationState[]) {
      nock.cleanAll();
      new ScriptedCardValidations(state);
      const check = await validator().check('card', vaulted);
      expect(check.kind, state).to.equal('UNAVAILABLE');
    }
    nock.cleanAll();
    const down = new ScriptedCardValidations('complete');
    down.failNextCreate(503, errorBody(503, 'internal_server_error', 'Internal error.'));
    expect((await validator().check('card', vaulted)).kind).to.equal('UNAVAILABLE');
    // A refusal of our own parameters is not the card's fault: the link goes on.
    down.failNextCreate(
      400,
      errorBody(400, 'invalid_parameters_error', 'Invalid parameters.', {
        errors: [{ field: 'merchant_category_code', message: 'Not approved for the program.' }],
      }),
    );
    expect((await validator().check('card', vaulted)).kind).to.equal('UNAVAILABLE');
  });

  it('leaves cards vaulted elsewhere, and other kinds, alone', async () => {
    const increase = new ScriptedCardValidations('declined');
    expect(await validator().check('card', { ...vaulted, cardVault: 'modern_treasury' })).to.deep.equal({
      kind: 'VALID',
    });
    expect(await validator().check('bank', { routingNumber: '021000021' })).to.deep.equal({ kind: 'VALID' });
    expect(increase.bodies).to.deep.equal([]);
  });
});
