import { expect } from 'chai';
import { FakePayPal } from '../e2e/support/fake-paypal.server.js';
import { ProductionRailsWorld } from '../e2e/support/production-rails.world.js';

const WEBHOOK_ID = '8PT597110X687430LKGECATA';

describe('production on PayPal (a local fake of its API), as wired on PostgreSQL', function () {
  this.timeout(60_000);
  let paypal: FakePayPal;
  let world: ProductionRailsWorld;

  before(async () => {
    paypal = await FakePayPal.start();
    world = await ProductionRailsWorld.start('paypal_rails', 'PAYPAL=paypal,VENMO=paypal', {
      PAYPAL_BASE_URL: paypal.url,
      PAYPAL_CLIENT_ID: 'client-id-local-fake',
      PAYPAL_CLIENT_SECRET: 'client-secret-local-fake',
      PAYPAL_WEBHOOK_ID: WEBHOOK_ID,
    });
  });

  after(async () => {
    await world?.stop();
    await paypal?.close();
  });

  it('pays a PayPal withdrawal with one batch, settles it on a webhook PayPal verifies and tells the merchant', async () => {
    const c = await world.customer('paypal');
    const id = await world.withdraw(c, 25.5);
    const reference = await world.accepted(id);
    expect(paypal.creates).to.have.length(1);
    const [create] = paypal.creates;
    expect(create?.body.sender_batch_header.sender_batch_id, 'sender_batch_id').to.equal(id);
    expect(create?.body.items[0]).to.deep.include({
      amount: { value: '25.50', currency: 'USD' },
      recipient_wallet: 'PAYPAL',
    });

    // A webhook for another webhook id does not verify at PayPal: nothing changes.
    const accepted = await world.stored(id);
    const forged = await world.postProviderWebhook(
      'paypal',
      paypal.signedItemEvent(reference, 'OTHERWEBHOOK1'),
    );
    expect(forged.status).to.equal(401);
    expect(await forged.json()).to.deep.include({ success: false, fatal: true, code: 'UNAUTHORIZED' });
    expect((await world.stored(id))?.nextCheckAt).to.deep.equal(accepted?.nextCheckAt);

    paypal.move(reference, 'SUCCESS');
    const event = paypal.signedItemEvent(reference, WEBHOOK_ID);
    expect((await world.postProviderWebhook('paypal', event)).status).to.equal(200);
    expect(await world.merchantToldOf(id, 'SUCCESS')).to.deep.equal(['PENDING', 'SUCCESS']);
    expect(paypal.verifications.at(-1), 'the event verified as received').to.include(
      `"webhook_id":"${WEBHOOK_ID}","webhook_event":${event.body}}`,
    );
    expect(paypal.creates, 'one batch, never a second').to.have.length(1);
  });
});
