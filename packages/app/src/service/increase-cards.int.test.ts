import { mintHarnessToken } from '@payout/adapters-http/testing';
import { FAILURE_REASONS } from '@payout/domain';
import { LINK_BODIES } from '@payout/domain/testing';
import { expect } from 'chai';
import type { RunningService } from '../bin/start-service.js';
import { INCREASE_CARD_ENV } from '../config/config.fixture.js';
import { TOKENS } from '../container/tokens.js';
import { eventually } from '../e2e/support/eventually.js';
import { signedIncreaseEvent } from '../e2e/support/fake-increase.server.js';
import type { FakeIncreaseCardEndpoints } from '../e2e/support/fake-increase-cards.endpoints.js';
import { productionEnvOn, requestWithdrawal, useIncreaseProduction } from './production-service.fixture.js';

const INCREASE_SECRET = 'whsec_increase_event_subscription_secret';
const CARD_NUMBER = '4111111111111111';

/** Production with PUSH_TO_CARD on Increase (a local fake of its vault and API), every other rail disabled. */
const productionEnv = (databaseUrl: string, increaseUrl: string): Record<string, string> => ({
  ...productionEnvOn(databaseUrl),
  RAILS:
    'PUSH_TO_CARD=increase,ACH=disabled,RTP=disabled,WIRE=disabled,SWIFT=disabled,ZELLE=disabled,PAYPAL=disabled,VENMO=disabled',
  ...INCREASE_CARD_ENV,
  INCREASE_BASE_URL: increaseUrl,
  INCREASE_VAULT_URL: increaseUrl,
  INCREASE_WEBHOOK_SECRET: INCREASE_SECRET,
  // A card refused after one withdrawal is asked for again at once.
  WITHDRAWAL_RATE_LIMIT_PER_MINUTE: '1000',
});

describe('production with PUSH_TO_CARD on Increase (a local fake of its API), as wired on PostgreSQL', function () {
  this.timeout(60_000);
  const world = useIncreaseProduction('increase_cards', productionEnv);
  let cards: FakeIncreaseCardEndpoints;
  let service: RunningService;
  let url: string;

  before(() => {
    ({ service, url } = world());
    cards = world().increase.cards;
  });

  const unitOfWork = () => service.container.getAsync(TOKENS.unitOfWork);

  /** The link operation of a card for a funded entity whose merchant listens for webhooks. */
  async function linkCard() {
    const seeded = await world().customer();
    const operator = mintHarnessToken({ sub: 'op-1', scope: 'operator' });
    const issued = await fetch(`${url}/v1/operator/application-tokens`, {
      method: 'POST',
      headers: { authorization: `Bearer ${operator}`, 'content-type': 'application/json' },
      body: JSON.stringify({ entityId: seeded.entityId, purpose: 'ACCOUNT_LINK' }),
    });
    const { token } = ((await issued.json()) as { data: { token: string } }).data;
    const linked = await fetch(`${url}/v1/ext/application-token/${token}/linked-accounts/USD/link/card/1`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(LINK_BODIES.card),
    });
    return { seeded, status: linked.status, text: await linked.text() };
  }

  /** A card linked through the link operation, whose validation the issuer then accepted. */
  async function cardholder() {
    const { seeded, status, text } = await linkCard();
    expect(status, text).to.equal(200);
    cards.answerValidations('complete');
    expect(text).not.to.include(CARD_NUMBER);
    const { id } = (JSON.parse(text) as { data: { data: { id: string } } }).data.data;
    return { ...seeded, cardAccountId: id };
  }

  const withdraw = async (c: Awaited<ReturnType<typeof cardholder>>, amount: number) => {
    const res = await requestWithdrawal(service, c, c.cardAccountId, { amount });
    expect(res.status).to.equal(200);
    return res.json.data.id;
  };

  /** Increase's event about the card push transfer of withdrawal `id`, once the service created it. */
  async function notifyIncrease(id: string) {
    const reference = await eventually(
      'the card push transfer created',
      async () => (await (await unitOfWork()).read.withdrawals.findById(id))?.railReference ?? undefined,
      5_000,
    );
    const event = signedIncreaseEvent(INCREASE_SECRET, reference);
    const acked = await fetch(`${url}/v1/rails/increase/webhooks`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'increase-webhook-signature': event.signature },
      body: event.body,
    });
    expect(acked.status).to.equal(200);
    return reference;
  }

  const finalEvent = (id: string) =>
    eventually(
      'the merchant told of the final status',
      () =>
        world()
          .receiver.eventsFor(id)
          .find((body) => body.status === 'SUCCESS' || body.status === 'FAILED'),
      10_000,
    );

  it("tokenises the card at Increase's vault when it is linked, keeps only the token, and validates it", async () => {
    const c = await cardholder();
    const vaulted = cards.tokenizations.at(-1);
    expect(vaulted?.authorization).to.equal('Bearer card_tokenization_key');
    expect(vaulted?.body).to.deep.equal({
      primary_account_number: CARD_NUMBER,
      expiration_month: 12,
      expiration_year: 2099,
    });
    const stored = await (await unitOfWork()).read.linkedAccounts.findById(c.cardAccountId);
    expect(stored?.lastFourDigits).to.equal('1111');
    const token = `outbound_card_token_${cards.tokenizations.length}`;
    expect(stored?.destination).to.include({ cardToken: token, cardVault: 'increase' });
    expect(JSON.stringify(stored)).not.to.include(CARD_NUMBER);
    const validation = cards.validationCreates.at(-1);
    expect(validation?.idempotencyKey).to.equal(`card_validation_${token}`);
    expect(validation?.body).to.deep.include({ account_id: 'account_1', card_token_id: token });
  });

  it('refuses the link of a card whose validation its issuer declined at once (400 on the card), storing nothing', async () => {
    cards.validationsAnswerAtOnce = 'declined';
    try {
      const { seeded, status, text } = await linkCard();
      expect(status, text).to.equal(400);
      expect(JSON.parse(text)).to.deep.include({
        message: 'data.cardNumber is a card its issuer declined to validate',
      });
      expect(text).not.to.include(CARD_NUMBER);
      const linked = await (await unitOfWork()).read.lists.linkedAccounts(seeded.entityId, {
        limit: 20,
        order: 'desc',
        after: null,
      });
      expect(linked.items.filter((account) => account.kind === 'card')).to.deep.equal([]);
    } finally {
      cards.validationsAnswerAtOnce = 'pending_submission';
    }
  });

  it('pushes nothing to a card whose validation was declined after the link: the money comes back, the card is marked', async () => {
    const { seeded, status, text } = await linkCard();
    expect(status, text).to.equal(200);
    const { id: cardAccountId } = (JSON.parse(text) as { data: { data: { id: string } } }).data.data;
    cards.answerValidations('declined');
    const pushes = cards.creates.length;
    const first = await requestWithdrawal(service, seeded, cardAccountId, { amount: 10 });
    expect(first.status).to.equal(500);
    expect(cards.creates).to.have.length(pushes);
    const wallet = await (await unitOfWork()).read.wallets.findById(seeded.walletId);
    expect(wallet?.balance.toString()).to.equal('1000.00');
    const again = await requestWithdrawal(service, seeded, cardAccountId, { amount: 10 });
    expect(again).to.deep.include({ status: 409 });
    expect(again.json.message).to.include('cannot receive');
    expect(cards.creates).to.have.length(pushes);
  });

  it('pays a card withdrawal with one card push transfer to the token and settles it on a signed webhook', async () => {
    const c = await cardholder();
    const id = await withdraw(c, 25.5);
    const reference = await notifyIncrease(id);
    const creates = cards.creates.filter((create) => create.idempotencyKey === id);
    expect(creates).to.have.length(1);
    expect(creates[0]?.authorization).to.equal('Bearer secret_key_sandbox');
    expect(creates[0]?.body).to.deep.include({
      card_token_id: `outbound_card_token_${cards.tokenizations.length}`,
      presentment_amount: { currency: 'USD', value: '25.50' },
      source_account_number_id: 'account_number_1',
      business_application_identifier: 'funds_disbursement',
    });
    cards.complete(reference);
    await notifyIncrease(id);
    expect((await finalEvent(id)).status).to.equal('SUCCESS');
    expect(
      world()
        .receiver.eventsFor(id)
        .map((body) => body.status),
    ).to.deep.equal(['PENDING', 'SUCCESS']);
  });

  it("fails a declined push with the spec's card reason and Increase's reason, and gives the money back", async () => {
    const c = await cardholder();
    const id = await withdraw(c, 10);
    cards.decline(await notifyIncrease(id));
    await notifyIncrease(id);
    const failed = await finalEvent(id);
    expect(failed.status).to.equal('FAILED');
    expect(failed.payload).to.deep.include({ reason: FAILURE_REASONS.CARD, failureCode: 'expired_card' });
    const wallet = await (await unitOfWork()).read.wallets.findById(c.walletId);
    expect(wallet?.balance.toString()).to.equal('1000.00');
  });
});
