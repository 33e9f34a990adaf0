import type { Customer } from '@payout/domain/testing';
import { expect } from 'chai';
import { FakePayPal } from '../e2e/support/fake-paypal.server.js';
import {
  behindFaultProxy,
  CREATE_FAULTS,
  faultsMet,
  type HostileNetwork,
  paidOnceExactly,
  statusReadsFaulted,
  stopHostileNetwork,
  withdrawnThrough,
} from '../e2e/support/hostile-network.fixture.js';

const WEBHOOK_ID = '8PT597110X687430LKGECATA';
const PAYOUTS = '/v1/payments/payouts';
const TOKEN = '/v1/oauth2/token';
/** Each customer starts with 1000.00; a PayPal payout of 25.50 costs 26.50 with its fee. */
const AMOUNT = 25.5;
const TOLD = ['PENDING', 'SUCCESS'];

/**
 * The production service on PayPal (a local fake of its API) with a hostile network between them. A payout is one
 * batch whose sender_batch_id is the withdrawal id: PayPal refuses a repeat of it as a duplicate that links the
 * original, which the service adopts. Whatever the network did to the payout or to the token it rides on, PayPal's
 * book holds one batch for the withdrawal, the merchant is told the truth and the ledger is exact.
 */
describe('a hostile network between the service and PayPal, as wired on PostgreSQL', function () {
  this.timeout(30_000);
  let paypal: FakePayPal;
  let net: HostileNetwork;

  before(async () => {
    paypal = await FakePayPal.start();
    net = await behindFaultProxy(paypal.url, 'paypal_network_faults', 'PAYPAL=paypal', (url) => ({
      PAYPAL_BASE_URL: url,
      PAYPAL_CLIENT_ID: 'client-id-local-fake',
      PAYPAL_CLIENT_SECRET: 'client-secret-local-fake',
      PAYPAL_WEBHOOK_ID: WEBHOOK_ID,
    }));
  });

  after(async () => {
    await stopHostileNetwork(net);
    await paypal?.close();
  });

  /** The recipient is paid and PayPal says so by a webhook it verifies; then what must hold. */
  async function settledExactly(c: Customer, id: string, reference: string): Promise<void> {
    paypal.move(reference, 'SUCCESS');
    const told = await net.world.postProviderWebhook('paypal', paypal.signedItemEvent(reference, WEBHOOK_ID));
    expect(told.status).to.equal(200);
    await paidOnceExactly(net.world, c, id, TOLD, '973.50');
    expect(paypal.batchesWithSenderBatchId(id), "PayPal's book").to.deep.equal([reference]);
  }

  for (const [fault, what] of CREATE_FAULTS)
    it(`the payout batch ${what}: "Payment queued", one batch for the withdrawal, paid once`, async () => {
      const { proxy, world } = net;
      const c = await world.customer('paypal');
      const from = proxy.seen.length;
      const aimed = { method: 'POST', path: PAYOUTS, fault };
      const { id, reference, met: creates } = await withdrawnThrough(net, c, aimed, AMOUNT, '26.50');
      expect(creates.at(-1), 'retried until PayPal answered').to.equal('pass');
      const reached = paypal.creates.filter(
        (create) => create.body.sender_batch_header.sender_batch_id === id,
      );
      expect(reached).to.have.length(fault === 'reset' ? creates.length - 1 : creates.length);
      if (fault !== 'reset')
        // The retry was refused as a duplicate: the batch it links is read, found to be this withdrawal's, adopted.
        expect(faultsMet(proxy, from, 'GET', `${PAYOUTS}/${reference}`), 'the original read').to.include(
          'pass',
        );
      await settledExactly(c, id, reference);
    });

  for (const [fault, what] of CREATE_FAULTS)
    it(`the token, renewed after PayPal ended the last one, ${what}: one batch, paid once`, async () => {
      const { proxy, world } = net;
      const c = await world.customer('paypal');
      paypal.rotateToken();
      const from = proxy.seen.length;
      const aimed = { method: 'POST', path: TOKEN, fault };
      const { id, reference, met: tokens } = await withdrawnThrough(net, c, aimed, AMOUNT, '26.50');
      expect(tokens.at(-1), 'asked again until PayPal answered').to.equal('pass');
      // The payout refused for its ended token moved nothing; the one after the token came made the batch.
      expect(faultsMet(proxy, from, 'POST', PAYOUTS).length).to.be.at.least(2);
      await settledExactly(c, id, reference);
    });

  it('a status read reset, then one whose answer is held past the timeout: the payout waits, then settles', async () => {
    const c = await net.world.customer('paypal');
    const id = await net.world.withdraw(c, AMOUNT);
    const reference = await net.world.accepted(id);
    await statusReadsFaulted(net.proxy, `${PAYOUTS}/${reference}`, () => settledExactly(c, id, reference));
  });
});
