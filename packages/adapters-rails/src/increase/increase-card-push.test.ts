import { FAILURE_REASONS, Money } from '@payout/domain';
import { ManualClock } from '@payout/domain/testing';
import { expect } from 'chai';
import { useNock } from '../testing/use-nock.js';
import {
  ACCOUNT_ID,
  ACCOUNT_NUMBER_ID,
  API_KEY,
  BASE_URL,
  errorBody,
  ScriptedIncrease,
} from './increase-api.fixture.js';
import { CARD_SENDER, CARD_TOKEN, cardSubmission } from './increase-card-push.fixture.js';
import { railStatusOfTransfer } from './increase-transfer-status.mapping.js';
import { IncreaseTransferRail, type IncreaseTransferRailOptions } from './increase-transfers.rail.js';

const cardRail = (overrides: Partial<IncreaseTransferRailOptions> = {}) =>
  new IncreaseTransferRail({
    id: 'PUSH_TO_CARD',
    apiKey: API_KEY,
    baseUrl: BASE_URL,
    accountId: ACCOUNT_ID,
    accountNumberId: ACCOUNT_NUMBER_ID,
    cardSender: CARD_SENDER,
    clock: new ManualClock(),
    timeoutMs: 2000,
    ...overrides,
  });

describe('IncreaseTransferRail PUSH_TO_CARD', () => {
  useNock();

  it("creates one card push transfer to the link's token, the amount a decimal string, keyed by the withdrawal id", async () => {
    const increase = new ScriptedIncrease('PUSH_TO_CARD');
    const rail = cardRail();
    const first = await rail.submit(cardSubmission({ amount: Money.of('1234567.29') }));
    const again = await rail.submit(cardSubmission({ amount: Money.of('1234567.29'), attempt: 2 }));
    expect(first).to.deep.equal({ kind: 'ACCEPTED', reference: 'card_push_transfer_1xk2' });
    expect(again).to.deep.equal(first);
    expect(increase.created).to.equal(1);
    expect(increase.keys).to.deep.equal(['wd-0001', 'wd-0001']);
    expect(increase.bodies[0]).to.deep.equal({
      business_application_identifier: 'funds_disbursement',
      card_token_id: CARD_TOKEN,
      presentment_amount: { currency: 'USD', value: '1234567.29' },
      recipient_name: 'Ada Lovelace',
      source_account_number_id: ACCOUNT_NUMBER_ID,
      merchant_category_code: '6012',
      merchant_name: 'Acme Payouts',
      merchant_name_prefix: 'ACME',
      merchant_city_name: 'New York',
      merchant_state: 'NY',
      merchant_postal_code: '10045',
      sender_name: 'Acme Payouts',
      sender_address_line1: '33 Liberty Street',
      sender_address_city: 'New York',
      sender_address_state: 'NY',
      sender_address_postal_code: '10045',
    });
  });

  it('writes amounts a float would get wrong exactly, with their cents', async () => {
    const increase = new ScriptedIncrease('PUSH_TO_CARD');
    const rail = cardRail();
    for (const [index, amount] of ['0.10', '1.15', '9007199254740.99'].entries())
      await rail.submit(cardSubmission({ withdrawalId: `wd-${index}`, amount: Money.of(amount) }));
    expect(
      increase.bodies.map((body) => (body as { presentment_amount: object }).presentment_amount),
    ).to.deep.equal([
      { currency: 'USD', value: '0.10' },
      { currency: 'USD', value: '1.15' },
      { currency: 'USD', value: '9007199254740.99' },
    ]);
  });

  it('refuses a card tokenised at another vault, or a link without a card, before any call', async () => {
    const increase = new ScriptedIncrease('PUSH_TO_CARD');
    const rail = cardRail();
    const elsewhere = await rail.submit(cardSubmission({}, 'modern_treasury'));
    expect(elsewhere).to.deep.include({ kind: 'REJECTED', reason: FAILURE_REASONS.CARD });
    const prepaid = await rail.submit(
      cardSubmission({ destination: { kind: 'prepaid_card', details: { name: 'Ada Lovelace' } } }),
    );
    expect(prepaid).to.deep.include({ kind: 'REJECTED', reason: FAILURE_REASONS.CARD });
    expect(increase.bodies).to.deep.equal([]);
  });

  it("rejects a create Increase refuses for the card token with the spec's card reason", async () => {
    const increase = new ScriptedIncrease('PUSH_TO_CARD');
    increase.failNextCreate({
      status: 400,
      body: errorBody(400, 'invalid_parameters_error', 'Invalid parameters.', {
        errors: [{ field: 'card_token_id', message: 'The card cannot receive push transfers.' }],
      }),
    });
    expect(await cardRail().submit(cardSubmission())).to.deep.equal({
      kind: 'REJECTED',
      reason: FAILURE_REASONS.CARD,
      detail: 'Increase answered 400 invalid_parameters_error (Invalid parameters.)',
    });
  });

  it("pushes only to a card whose validation is complete, asking about the link's validation, not a new one", async () => {
    const increase = new ScriptedIncrease('PUSH_TO_CARD');
    const rail = cardRail();
    await rail.submit(cardSubmission());
    await rail.submit(cardSubmission({ withdrawalId: 'wd-0002' }));
    expect(increase.validations?.created).to.equal(1);
    expect(increase.validations?.keys).to.deep.equal([
      `card_validation_${CARD_TOKEN}`,
      `card_validation_${CARD_TOKEN}`,
    ]);
    expect(increase.created).to.equal(2);
  });

  it('refuses a push to a card whose validation was declined, marking its account, with no push made', async () => {
    const increase = new ScriptedIncrease('PUSH_TO_CARD', 'declined');
    expect(await cardRail().submit(cardSubmission())).to.deep.equal({
      kind: 'REJECTED',
      reason: FAILURE_REASONS.RECIPIENT_NOT_FOUND,
      detail: "Increase's validation outbound_card_validation_1q24 of the card was declined: closed_account",
      code: 'closed_account',
      accountUnusable: true,
    });
    expect(increase.bodies).to.deep.equal([]);
  });

  it('holds a push back while the validation is pending, then pushes once the issuer accepted it', async () => {
    const increase = new ScriptedIncrease('PUSH_TO_CARD', 'pending');
    const rail = cardRail();
    const held = await rail.submit(cardSubmission());
    expect(held).to.deep.include({ kind: 'UNAVAILABLE' });
    expect(increase.bodies).to.deep.equal([]);
    increase.validations?.moveAll('complete');
    expect(await rail.submit(cardSubmission({ attempt: 2 }))).to.deep.include({ kind: 'ACCEPTED' });
    expect(increase.created).to.equal(1);
  });

  it("rejects a push whose card's validation Increase refuses to create, but only on the first attempt", async () => {
    const increase = new ScriptedIncrease('PUSH_TO_CARD');
    const refusal = errorBody(400, 'invalid_parameters_error', 'Invalid parameters.', {
      errors: [{ field: 'card_token_id', message: 'The card cannot be validated.' }],
    });
    increase.validations?.failNextCreate(400, refusal);
    expect(await cardRail().submit(cardSubmission())).to.deep.include({
      kind: 'REJECTED',
      reason: FAILURE_REASONS.CARD,
    });
    // A retry may follow a push made once the validation was complete: the refusal is not final then.
    increase.validations?.failNextCreate(400, refusal);
    expect(await cardRail().submit(cardSubmission({ attempt: 2 }))).to.deep.include({ kind: 'UNAVAILABLE' });
    expect(increase.bodies).to.deep.equal([]);
  });

  it('reads the validation its key made with other arguments (the sender changed since the link)', async () => {
    const increase = new ScriptedIncrease('PUSH_TO_CARD');
    await cardRail().submit(cardSubmission());
    const renamed = cardRail({ cardSender: { ...CARD_SENDER, name: 'Acme Payouts Inc' } });
    expect(await renamed.submit(cardSubmission({ withdrawalId: 'wd-0002' }))).to.deep.include({
      kind: 'ACCEPTED',
    });
    expect(increase.validations?.created).to.equal(1);
  });

  it('will not start without the card sender Increase requires on every transfer', () => {
    expect(() => cardRail({ cardSender: undefined })).to.throw('INCREASE_CARD_SENDER_');
  });
});

describe('railStatusOfTransfer PUSH_TO_CARD', () => {
  const of = (body: object) => railStatusOfTransfer('PUSH_TO_CARD', body);
  const declined = (reason: string) => of({ status: 'declined', decline: { reason } });

  it('waits while Increase or the issuer has it, and is paid when the issuer accepts it', () => {
    for (const status of [
      'pending_approval',
      'pending_reviewing',
      'pending_submission',
      'requires_attention',
      'submitted',
    ])
      expect(of({ status }), status).to.deep.equal({ kind: 'PENDING' });
    expect(of({ status: 'complete', acceptance: { accepted_at: '2026-01-15T12:00:03Z' } })).to.deep.equal({
      kind: 'SETTLED',
      settledAt: new Date('2026-01-15T12:00:03Z'),
    });
    expect(of({ status: 'canceled' })).to.deep.equal({ kind: 'FAILED', reason: FAILURE_REASONS.CANCELLED });
    expect(of({ status: 'a_new_status' }).kind).to.equal('UNAVAILABLE');
  });

  it("maps declines to the spec's reasons with Increase's reason as the failure code", () => {
    const expected: [string, string][] = [
      ['expired_card', FAILURE_REASONS.CARD],
      ['do_not_honor', FAILURE_REASONS.CARD],
      ['closed_account', FAILURE_REASONS.RECIPIENT_NOT_FOUND],
      ['suspected_fraud', FAILURE_REASONS.COMPLIANCE],
      ['duplicate_transaction', FAILURE_REASONS.DUPLICATE],
      ['stop_payment_order', FAILURE_REASONS.CANCELLED],
      ['issuer_unavailable', FAILURE_REASONS.GENERAL],
      ['a_reason_added_later', FAILURE_REASONS.CARD],
    ];
    for (const [code, reason] of expected) {
      // A card with no account behind it cannot receive again: its linked account is marked unusable.
      const dead = code === 'closed_account' ? { accountUnusable: true } : {};
      expect(declined(code), code).to.deep.equal({ kind: 'FAILED', reason, code, ...dead });
    }
    expect(of({ status: 'declined', decline: null })).to.deep.equal({
      kind: 'FAILED',
      reason: FAILURE_REASONS.CARD,
    });
  });
});
