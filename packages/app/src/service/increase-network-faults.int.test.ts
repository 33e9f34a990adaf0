import type { Customer } from '@payout/domain/testing';
import { expect } from 'chai';
import { FakeIncrease } from '../e2e/support/fake-increase.server.js';
import {
  behindFaultProxy,
  CREATE_FAULTS,
  type HostileNetwork,
  paidOnceExactly,
  statusReadsFaulted,
  stopHostileNetwork,
  withdrawnThrough,
} from '../e2e/support/hostile-network.fixture.js';
import { simulateOnIncrease } from '../e2e/support/increase-simulation.js';

const INCREASE_SECRET = 'whsec_increase_event_subscription_secret';
/** Each customer starts with 1000.00; an ACH payout of 25.50 costs 25.75 with its fee. */
const AMOUNT = 25.5;
const TOLD = ['PENDING', 'PROCESSING_PAY_OUT', 'SUCCESS'];

/**
 * The production service on Increase (a local fake of its API) with a hostile network between them: a TCP proxy
 * that resets, loses, holds or cuts what crosses it. Whatever the network did, the merchant is told the truth, the
 * provider's book holds one transfer per withdrawal, and the withdrawal ends as the provider says with the ledger
 * exact.
 */
describe('a hostile network between the service and Increase, as wired on PostgreSQL', function () {
  this.timeout(30_000);
  let increase: FakeIncrease;
  let net: HostileNetwork;

  before(async () => {
    increase = await FakeIncrease.start();
    net = await behindFaultProxy(increase.url, 'increase_network_faults', 'ACH=increase', (url) => ({
      INCREASE_API_KEY: 'secret_key_local_fake',
      INCREASE_BASE_URL: url,
      INCREASE_ACCOUNT_ID: 'account_in71c4amph0vgo2qllky',
      INCREASE_WEBHOOK_SECRET: INCREASE_SECRET,
    }));
  });

  after(async () => {
    await stopHostileNetwork(net);
    await increase?.close();
  });

  /**
   * Increase settles the transfer (its sandbox simulation, asked directly, not through the proxy) and says so by
   * webhook; then what must hold once it is final.
   */
  async function settledExactly(c: Customer, id: string, reference: string): Promise<void> {
    await simulateOnIncrease(increase.url, net.world, INCREASE_SECRET, { reference, action: 'settle' });
    await paidOnceExactly(net.world, c, id, TOLD, '974.25');
    expect(increase.transfersWithKey(id), "Increase's book").to.deep.equal([reference]);
  }

  for (const [fault, what] of CREATE_FAULTS)
    it(`the ACH transfer ${what}: "Payment queued", one transfer under the withdrawal's key, paid once`, async () => {
      const { world } = net;
      const c = await world.customer('bank');
      const aimed = { method: 'POST', path: '/ach_transfers', fault };
      const { id, reference, met: creates } = await withdrawnThrough(net, c, aimed, AMOUNT, '25.75');
      expect(creates.at(-1), 'retried until Increase answered').to.equal('pass');
      const keys = increase.creates.filter((create) => create.idempotencyKey === id);
      // What reached Increase: the faulted create (unless reset before it arrived) and each retry, all on one key.
      expect(keys).to.have.length(fault === 'reset' ? creates.length - 1 : creates.length);
      await settledExactly(c, id, reference);
    });

  it('a status read reset, then one whose answer is held past the timeout: the payout waits, then settles', async () => {
    const c = await net.world.customer('bank');
    const id = await net.world.withdraw(c, AMOUNT);
    const reference = await net.world.accepted(id);
    await statusReadsFaulted(net.proxy, `/ach_transfers/${reference}`, () =>
      settledExactly(c, id, reference),
    );
  });
});
