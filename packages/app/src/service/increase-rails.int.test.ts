import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { expect } from 'chai';
import { TOKENS } from '../container/tokens.js';
import { FakeIncrease, signedIncreaseEvent } from '../e2e/support/fake-increase.server.js';
import { ProductionRailsWorld } from '../e2e/support/production-rails.world.js';

const INCREASE_SECRET = 'whsec_increase_event_subscription_secret';

/** An Increase Event as `/v1/rails/increase/webhooks` receives it. */
const increaseWebhook = (event: { body: string; signature: string }) => ({
  body: event.body,
  headers: { 'increase-webhook-signature': event.signature },
});

describe('production on Increase (a local fake of its API), as wired on PostgreSQL', function () {
  this.timeout(60_000);
  let increase: FakeIncrease;
  let world: ProductionRailsWorld;

  before(async () => {
    increase = await FakeIncrease.start();
    world = await ProductionRailsWorld.start('increase_rails', 'ACH=increase,RTP=increase,WIRE=increase', {
      INCREASE_API_KEY: 'secret_key_local_fake',
      INCREASE_BASE_URL: increase.url,
      INCREASE_ACCOUNT_ID: 'account_in71c4amph0vgo2qllky',
      INCREASE_ACCOUNT_NUMBER_ID: 'account_number_v18nkfqm6afpsrvy82b2',
      INCREASE_WEBHOOK_SECRET: INCREASE_SECRET,
    });
  });

  after(async () => {
    await world?.stop();
    await increase?.close();
  });

  it('answers /readyz', async () => {
    const res = await fetch(`${world.url}/readyz`);
    expect(res.status).to.equal(200);
  });

  it('pays an ACH withdrawal with one transfer, settles it on a signed Increase webhook and tells the merchant', async () => {
    const c = await world.customer('bank');
    const id = await world.withdraw(c, 25.5);
    const reference = await world.accepted(id);
    expect(increase.creates).to.have.length(1);
    const [create] = increase.creates;
    expect(create?.idempotencyKey, 'Idempotency-Key').to.equal(id);
    expect(create?.authorization).to.equal('Bearer secret_key_local_fake');
    expect(create?.body).to.deep.include({
      amount: 2550,
      account_number: '123456789',
      routing_number: '021000021',
      account_id: 'account_in71c4amph0vgo2qllky',
    });
    expect(reference).to.equal('ach_transfer_1');

    // A webhook that does not verify changes nothing.
    const refused = await world.postProviderWebhook(
      'increase',
      increaseWebhook(signedIncreaseEvent('whsec_not_the_secret', reference)),
    );
    expect(refused.status).to.equal(401);
    expect(await refused.json()).to.deep.include({ success: false, fatal: true, code: 'UNAUTHORIZED' });
    const before = await world.stored(id);
    expect(before?.status).to.equal('PROCESSING_PAY_OUT');
    expect(before?.nextCheckAt?.getTime(), 'next check still half an hour away').to.be.above(
      Date.now() + 60_000,
    );

    // As Increase's SDK sends it: a JSON body, its parameters all optional.
    await fetch(`${increase.url}/simulations/ach_transfers/${reference}/settle`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    const event = increaseWebhook(signedIncreaseEvent(INCREASE_SECRET, reference));
    expect((await world.postProviderWebhook('increase', event)).status).to.equal(200);
    expect(await world.merchantToldOf(id, 'SUCCESS')).to.deep.equal([
      'PENDING',
      'PROCESSING_PAY_OUT',
      'SUCCESS',
    ]);
    expect(increase.creates, 'one transfer, never a second').to.have.length(1);
  });

  it('acknowledges a verified webhook about a transfer it does not know, and refuses a provider it does not hear', async () => {
    const event = increaseWebhook(signedIncreaseEvent(INCREASE_SECRET, 'ach_transfer_unknown'));
    expect((await world.postProviderWebhook('increase', event)).status).to.equal(200);
    const paypal = await world.postProviderWebhook('paypal', { body: '{}', headers: {} });
    expect(paypal.status).to.equal(404);
    expect(await paypal.json()).to.deep.include({ code: 'NOT_FOUND' });
  });

  it('refuses a withdrawal to a disabled rail with 400 naming it, debiting nothing', async () => {
    const c = await world.customer('zelle');
    const res = await world.requestWithdrawal(c, 10);
    expect(res.status).to.equal(400);
    expect(res.json).to.deep.include({ success: false, fatal: true, code: 'RAIL_DISABLED' });
    expect(res.json.message).to.include('ZELLE');
    const unitOfWork = await world.service.container.getAsync(TOKENS.unitOfWork);
    const wallet = await unitOfWork.read.wallets.findById(c.walletId);
    expect(wallet?.balance.toString()).to.equal('1000.00');
  });

  it('refuses to start in production with a simulated rail enabled, naming it', () => {
    const start = fileURLToPath(new URL('../bin/start.js', import.meta.url));
    const env = { ...world.env, RAILS: world.env.RAILS?.replace('ZELLE=disabled', 'ZELLE=simulated') ?? '' };
    const run = spawnSync(process.execPath, [start], {
      env: { PATH: process.env.PATH, ...env },
      encoding: 'utf8',
      timeout: 20_000,
    });
    expect(run.status).to.equal(1);
    expect(run.stderr).to.include('ZELLE: simulated, which production refuses');
  });
});
