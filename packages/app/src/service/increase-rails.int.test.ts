import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { Customer } from '@payout/domain/testing';
import { expect } from 'chai';
import { TOKENS } from '../container/tokens.js';
import { eventually } from '../e2e/support/eventually.js';
import { type FakeIncrease, signedIncreaseEvent } from '../e2e/support/fake-increase.server.js';
import type { VerifyingWebhookReceiver } from '../e2e/support/verifying-webhook.receiver.js';
import { productionEnvOn, requestWithdrawal, useIncreaseProduction } from './production-service.fixture.js';
import type { RunningService } from './start-service.js';

const INCREASE_SECRET = 'whsec_increase_event_subscription_secret';
const LIVE_RAILS =
  'ACH=increase,RTP=increase,WIRE=increase,SWIFT=disabled,PUSH_TO_CARD=disabled,ZELLE=disabled,PAYPAL=disabled,VENMO=disabled';

/** Production, every enabled rail on Increase (a local fake of its API), the others disabled. */
const productionEnv = (databaseUrl: string, increaseUrl: string): Record<string, string> => ({
  ...productionEnvOn(databaseUrl),
  RAILS: LIVE_RAILS,
  INCREASE_API_KEY: 'secret_key_local_fake',
  INCREASE_BASE_URL: increaseUrl,
  INCREASE_ACCOUNT_ID: 'account_in71c4amph0vgo2qllky',
  INCREASE_ACCOUNT_NUMBER_ID: 'account_number_v18nkfqm6afpsrvy82b2',
  INCREASE_WEBHOOK_SECRET: INCREASE_SECRET,
});

describe('production on Increase (a local fake of its API), as wired on PostgreSQL', function () {
  this.timeout(60_000);
  const world = useIncreaseProduction('increase_rails', productionEnv);
  let increase: FakeIncrease;
  let receiver: VerifyingWebhookReceiver;
  let service: RunningService;
  let url: string;

  before(() => {
    ({ increase, receiver, service, url } = world());
  });

  const customer = (kind: 'bank' | 'zelle'): Promise<Customer> => world().customer({ kind });

  const withdraw = (c: Customer, body: object) => requestWithdrawal(service, c, c.accountId, body);

  const postWebhook = (body: string, signature: string) =>
    fetch(`${url}/v1/rails/increase/webhooks`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'increase-webhook-signature': signature },
      body,
    });

  const stored = async (id: string) =>
    (await service.container.getAsync(TOKENS.unitOfWork)).read.withdrawals.findById(id);

  it('answers /readyz', async () => {
    const res = await fetch(`${url}/readyz`);
    expect(res.status).to.equal(200);
  });

  it('pays an ACH withdrawal with one transfer, settles it on a signed Increase webhook and tells the merchant', async () => {
    const c = await customer('bank');
    const res = await withdraw(c, { amount: 25.5 });
    expect(res.status, JSON.stringify(res.json)).to.equal(200);
    const id = res.json.data.id;
    await eventually(
      'the withdrawal accepted by Increase',
      async () => ((await stored(id))?.status === 'PROCESSING_PAY_OUT' ? true : undefined),
      5_000,
    );
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
    const reference = (await stored(id))?.railReference as string;
    expect(reference).to.equal('ach_transfer_1');

    // A webhook that does not verify changes nothing.
    const forged = signedIncreaseEvent('whsec_not_the_secret', reference);
    const refused = await postWebhook(forged.body, forged.signature);
    expect(refused.status).to.equal(401);
    expect(await refused.json()).to.deep.include({ success: false, fatal: true, code: 'UNAUTHORIZED' });
    const before = await stored(id);
    expect(before?.nextCheckAt?.getTime(), 'next check still half an hour away').to.be.above(
      Date.now() + 60_000,
    );

    await fetch(`${increase.url}/simulations/ach_transfers/${reference}/settle`, { method: 'POST' });
    const event = signedIncreaseEvent(INCREASE_SECRET, reference);
    const acked = await postWebhook(event.body, event.signature);
    expect(acked.status).to.equal(200);
    await eventually(
      'the merchant told of SUCCESS',
      () => (receiver.eventsFor(id).some((body) => body.status === 'SUCCESS') ? true : undefined),
      10_000,
    );
    expect(receiver.eventsFor(id).map((body) => body.status)).to.deep.equal([
      'PENDING',
      'PROCESSING_PAY_OUT',
      'SUCCESS',
    ]);
    expect(increase.creates, 'one transfer, never a second').to.have.length(1);
  });

  it('acknowledges a verified webhook about a transfer it does not know, and refuses a provider it does not hear', async () => {
    const event = signedIncreaseEvent(INCREASE_SECRET, 'ach_transfer_unknown');
    expect((await postWebhook(event.body, event.signature)).status).to.equal(200);
    const paypal = await fetch(`${url}/v1/rails/paypal/webhooks`, { method: 'POST', body: '{}' });
    expect(paypal.status).to.equal(404);
    expect(await paypal.json()).to.deep.include({ code: 'NOT_FOUND' });
  });

  it('refuses a withdrawal to a disabled rail with 400 naming it, debiting nothing', async () => {
    const c = await customer('zelle');
    const res = await withdraw(c, { amount: 10 });
    expect(res.status).to.equal(400);
    expect(res.json).to.deep.include({ success: false, fatal: true, code: 'RAIL_DISABLED' });
    expect(res.json.message).to.include('ZELLE');
    const wallet = await (await service.container.getAsync(TOKENS.unitOfWork)).read.wallets.findById(
      c.walletId,
    );
    expect(wallet?.balance.toString()).to.equal('1000.00');
  });

  it('refuses to start in production with a simulated rail enabled, naming it', () => {
    const start = fileURLToPath(new URL('../bin/start.js', import.meta.url));
    const env = {
      ...productionEnv(world().databaseUrl, increase.url),
      RAILS: LIVE_RAILS.replace('ZELLE=disabled', 'ZELLE=simulated'),
    };
    const run = spawnSync(process.execPath, [start], {
      env: { PATH: process.env.PATH, ...env },
      encoding: 'utf8',
      timeout: 20_000,
    });
    expect(run.status).to.equal(1);
    expect(run.stderr).to.include('ZELLE: simulated, which production refuses');
  });
});
