import type { Customer } from '@payout/domain/testing';
import { expect } from 'chai';
import { FakeModernTreasury } from '../e2e/support/fake-modern-treasury.server.js';
import {
  behindFaultProxy,
  CREATE_FAULTS,
  faultsMet,
  type HostileNetwork,
  paidOnceExactly,
  queuedWithdrawal,
  statusReadsFaulted,
  stopHostileNetwork,
  withdrawnThrough,
} from '../e2e/support/hostile-network.fixture.js';

const WEBHOOK_KEY = 'mt_webhook_key_local_fake';
const ORDERS = '/api/payment_orders';
/** Each customer starts with 1000.00; an ACH payout of 25.50 costs 25.75 with its fee. */
const AMOUNT = 25.5;
const TOLD = ['PENDING', 'PROCESSING_PAY_OUT', 'SUCCESS'];

/**
 * The production service on Modern Treasury (a local fake of its API) with a hostile network between them. A
 * payment order is made under the withdrawal id as `Idempotency-Key`, and a retry first looks the order up by the
 * `withdrawal_id` metadata it carries: whatever the network did, Modern Treasury's book holds one order per
 * withdrawal, the merchant is told the truth and the ledger is exact.
 */
describe('a hostile network between the service and Modern Treasury, as wired on PostgreSQL', function () {
  this.timeout(30_000);
  let mt: FakeModernTreasury;
  let net: HostileNetwork;

  before(async () => {
    mt = await FakeModernTreasury.start(WEBHOOK_KEY);
    net = await behindFaultProxy(mt.url, 'modern_treasury_network_faults', 'ACH=modern_treasury', (url) => ({
      MODERN_TREASURY_API_KEY: 'mt_live_key_local_fake',
      MODERN_TREASURY_ORGANIZATION_ID: 'org-1',
      MODERN_TREASURY_ORIGINATING_ACCOUNT_ID: 'internal-account-1',
      MODERN_TREASURY_BASE_URL: url,
      MODERN_TREASURY_WEBHOOK_KEY: WEBHOOK_KEY,
    }));
  });

  after(async () => {
    await stopHostileNetwork(net);
    await mt?.close();
  });

  /** The bank completes the order and Modern Treasury says so by a signed webhook; then what must hold. */
  async function settledExactly(c: Customer, id: string, reference: string): Promise<void> {
    mt.move(reference, 'completed');
    const told = await net.world.postProviderWebhook(
      'modern_treasury',
      mt.signedEvent(reference, 'completed'),
    );
    expect(told.status).to.equal(200);
    await paidOnceExactly(net.world, c, id, TOLD, '974.25');
    expect(mt.ordersFor(id), "Modern Treasury's book").to.deep.equal([reference]);
  }

  for (const [fault, what] of CREATE_FAULTS)
    it(`the payment order ${what}: "Payment queued", one order for the withdrawal, paid once`, async () => {
      const { proxy, world } = net;
      const c = await world.customer('bank');
      const from = proxy.seen.length;
      const aimed = { method: 'POST', path: ORDERS, fault };
      const { id, reference, met: creates } = await withdrawnThrough(net, c, aimed, AMOUNT, '25.75');
      const reached = mt.creates.filter((create) => create.idempotencyKey === id).length;
      if (fault === 'reset') {
        // Nothing reached Modern Treasury: the retry finds no order for the withdrawal and makes it.
        expect(creates, 'retried until Modern Treasury answered').to.deep.equal(['reset', 'pass']);
        expect(reached).to.equal(1);
      } else {
        // Modern Treasury made the order: the retry finds it by its metadata and makes none.
        expect(creates, 'one create').to.deep.equal([fault]);
        expect(faultsMet(proxy, from, 'GET', ORDERS), 'looked up by its withdrawal_id').to.include('pass');
        expect(reached).to.equal(1);
      }
      await settledExactly(c, id, reference);
    });

  it('an order Modern Treasury made, its answer lost, and not yet listed: the retry gets it by its key', async () => {
    const { proxy, world } = net;
    const c = await world.customer('bank');
    const from = proxy.seen.length;
    proxy.arm('POST', ORDERS, 'lose-answer');
    mt.listsNewOrders = false;
    const id = await queuedWithdrawal(world, c, AMOUNT, '25.75');
    const reference = await world.accepted(id).finally(() => {
      mt.listsNewOrders = true;
    });
    expect(faultsMet(proxy, from, 'POST', ORDERS)).to.deep.equal(['lose-answer', 'pass']);
    expect(mt.creates.filter((create) => create.idempotencyKey === id)).to.have.length(2);
    await settledExactly(c, id, reference);
  });

  it('a status read reset, then one whose answer is held past the timeout: the payout waits, then settles', async () => {
    const c = await net.world.customer('bank');
    const id = await net.world.withdraw(c, AMOUNT);
    const reference = await net.world.accepted(id);
    await statusReadsFaulted(net.proxy, `${ORDERS}/${reference}`, () => settledExactly(c, id, reference));
  });
});
