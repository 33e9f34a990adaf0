import { expect } from 'chai';
import { FakeModernTreasury } from '../e2e/support/fake-modern-treasury.server.js';
import { ProductionRailsWorld } from '../e2e/support/production-rails.world.js';

const WEBHOOK_KEY = 'mt_webhook_key_local_fake';
const MINUTE_MS = 60_000;

describe('production on Modern Treasury (a local fake of its API), as wired on PostgreSQL', function () {
  this.timeout(60_000);
  let mt: FakeModernTreasury;
  let world: ProductionRailsWorld;

  before(async () => {
    mt = await FakeModernTreasury.start(WEBHOOK_KEY);
    world = await ProductionRailsWorld.start('modern_treasury_rails', 'ACH=modern_treasury', {
      MODERN_TREASURY_API_KEY: 'mt_live_key_local_fake',
      MODERN_TREASURY_ORGANIZATION_ID: 'org-1',
      MODERN_TREASURY_ORIGINATING_ACCOUNT_ID: 'internal-account-1',
      MODERN_TREASURY_BASE_URL: mt.url,
      MODERN_TREASURY_WEBHOOK_KEY: WEBHOOK_KEY,
    });
  });

  after(async () => {
    await world?.stop();
    await mt?.close();
  });

  it('pays an ACH withdrawal with one payment order, settles it on a signed webhook and tells the merchant', async () => {
    const c = await world.customer('bank');
    const id = await world.withdraw(c, 25.5);
    const reference = await world.accepted(id);
    expect(mt.creates).to.have.length(1);
    const [create] = mt.creates;
    expect(create?.idempotencyKey, 'Idempotency-Key').to.equal(id);
    expect(create?.authorization).to.equal(
      `Basic ${Buffer.from('org-1:mt_live_key_local_fake').toString('base64')}`,
    );
    expect(create?.body).to.deep.include({
      type: 'ach',
      direction: 'credit',
      amount: 2550,
      originating_account_id: 'internal-account-1',
    });
    const accepted = await world.stored(id);
    expect(accepted?.nextCheckAt?.getTime(), 'polled every 30 minutes as a safety net').to.be.above(
      Date.now() + 20 * MINUTE_MS,
    );

    // A webhook before the order moved: verified, polled at once, nothing to move yet.
    const early = mt.signedEvent(reference, 'begin_processing');
    expect((await world.postProviderWebhook('modern_treasury', early)).status).to.equal(200);
    const polled = await world.polledSince(id, accepted?.nextCheckAt);
    expect(polled?.status).to.equal('PROCESSING_PAY_OUT');

    // One signed with another key changes nothing.
    const forged = await world.postProviderWebhook(
      'modern_treasury',
      mt.signedEvent(reference, 'completed', 'not_the_webhook_key'),
    );
    expect(forged.status).to.equal(401);
    expect(await forged.json()).to.deep.include({ success: false, fatal: true, code: 'UNAUTHORIZED' });
    expect((await world.stored(id))?.nextCheckAt).to.deep.equal(polled?.nextCheckAt);

    mt.move(reference, 'completed');
    const completed = await world.postProviderWebhook(
      'modern_treasury',
      mt.signedEvent(reference, 'completed'),
    );
    expect(completed.status).to.equal(200);
    expect(await world.merchantToldOf(id, 'SUCCESS')).to.deep.equal([
      'PENDING',
      'PROCESSING_PAY_OUT',
      'SUCCESS',
    ]);

    // The early webhook delivered again, late: polled once more, and the withdrawal does not move back.
    const settled = await world.stored(id);
    expect((await world.postProviderWebhook('modern_treasury', early)).status).to.equal(200);
    const after = await world.polledSince(id, settled?.nextCheckAt);
    expect([after?.status, after?.sequence]).to.deep.equal(['SUCCESS', settled?.sequence]);
    expect(mt.creates, 'one payment order, never a second').to.have.length(1);
  });

  it('answers 404 for a provider whose webhooks this deployment does not receive', async () => {
    for (const provider of ['wise', 'paypal', 'increase', 'acme']) {
      const res = await world.postProviderWebhook(provider, { body: '{}', headers: {} });
      expect(res.status, provider).to.equal(404);
      expect(await res.json()).to.deep.include({ success: false, code: 'NOT_FOUND' });
    }
  });
});
