import type { Customer } from '@payout/domain/testing';
import { expect } from 'chai';
import { FakeIncrease } from '../e2e/support/fake-increase.server.js';
import { FaultProxy, type NetworkFault } from '../e2e/support/fault-proxy.js';
import { simulateOnIncrease } from '../e2e/support/increase-simulation.js';
import { postingsOf } from '../e2e/support/ledger.probe.js';
import { ProductionRailsWorld } from '../e2e/support/production-rails.world.js';

const INCREASE_SECRET = 'whsec_increase_event_subscription_secret';
/** Short, so that an answer held past it costs the suite little; the held answer outlasts it. */
const RAIL_TIMEOUT_MS = 1_000;
const HOLD_MS = 3 * RAIL_TIMEOUT_MS;
/** Each customer starts with 1000.00; an ACH payout of 25.50 costs 25.75 with its fee. */
const AMOUNT = 25.5;
const BALANCE_AFTER = '974.25';
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
  let proxy: FaultProxy;
  let world: ProductionRailsWorld;

  before(async () => {
    increase = await FakeIncrease.start();
    proxy = await FaultProxy.start(increase.url, HOLD_MS);
    world = await ProductionRailsWorld.start('increase_network_faults', 'ACH=increase', {
      INCREASE_API_KEY: 'secret_key_local_fake',
      INCREASE_BASE_URL: proxy.url,
      INCREASE_ACCOUNT_ID: 'account_in71c4amph0vgo2qllky',
      INCREASE_WEBHOOK_SECRET: INCREASE_SECRET,
      RAIL_TIMEOUT_MS: String(RAIL_TIMEOUT_MS),
    });
  });

  after(async () => {
    await world?.stop();
    await proxy?.close();
    await increase?.close();
  });

  /** The requests the proxy saw from index `from` on, as `METHOD path fault`. */
  const seenSince = (from: number) => proxy.seen.slice(from).map((r) => `${r.method} ${r.path} ${r.fault}`);

  /**
   * Increase settles the transfer (its sandbox simulation, asked directly, not through the proxy) and says so by
   * webhook; then what must hold once it is final.
   */
  async function settledExactly(c: Customer, id: string, reference: string): Promise<void> {
    await simulateOnIncrease(increase.url, world, INCREASE_SECRET, { reference, action: 'settle' });
    expect(await world.merchantToldOf(id, 'SUCCESS')).to.deep.equal(TOLD);
    expect(world.merchantAcknowledged(id), 'each status delivered once').to.deep.equal(TOLD);
    expect((await world.stored(id))?.status).to.equal('SUCCESS');
    expect(increase.transfersWithKey(id), "Increase's book").to.deep.equal([reference]);
    const ledger = world.ledger();
    expect(await ledger.postings(id)).to.deep.equal(postingsOf('SUCCESS', true));
    const balance = await ledger.balance(c.walletId);
    expect(balance).to.equal(BALANCE_AFTER);
    expect(await ledger.postedToWallet(c.walletId), 'balance = postings').to.equal(balance);
    expect(await ledger.unbalancedEntries(c.walletId)).to.deep.equal([]);
  }

  const createFaults: readonly [NetworkFault, string][] = [
    ['reset', 'the connection is reset before the create reaches Increase'],
    ['lose-answer', 'Increase makes the transfer and its answer is lost'],
    ['hold-answer', "Increase's answer comes after the rail timeout"],
    ['cut-answer', "Increase's answer is cut off halfway through its body"],
  ];

  for (const [fault, what] of createFaults)
    it(`${what}: "Payment queued", one transfer under the withdrawal's key, paid once`, async () => {
      const c = await world.customer('bank');
      const from = proxy.seen.length;
      proxy.arm('POST', '/ach_transfers', fault);
      const { status, json } = await world.requestWithdrawal(c, AMOUNT);
      const answer = json as { data?: { id: string; status: string; amount: string }; message?: string };
      // The spec's answer for an outcome not known: queued, pending, never a failure or a payout it cannot vouch for.
      expect([status, answer.data?.status, answer.data?.amount, answer.message]).to.deep.equal([
        200,
        'PENDING',
        '25.75',
        'Payment queued',
      ]);
      const id = answer.data?.id as string;
      const reference = await world.accepted(id);
      const creates = seenSince(from);
      expect(creates[0]).to.equal(`POST /ach_transfers ${fault}`);
      expect(creates.at(-1), 'retried until Increase answered').to.equal('POST /ach_transfers pass');
      const keys = increase.creates.filter((create) => create.idempotencyKey === id);
      // What reached Increase: the faulted create (unless reset before it arrived) and each retry, all on one key.
      expect(keys).to.have.length(fault === 'reset' ? creates.length - 1 : creates.length);
      await settledExactly(c, id, reference);
    });

  it('a status read reset, then one whose answer is held past the timeout: the payout waits, then settles', async () => {
    const c = await world.customer('bank');
    const { status, json } = await world.requestWithdrawal(c, AMOUNT);
    const answer = json as { data?: { id: string; status: string } };
    expect([status, answer.data?.status]).to.deep.equal([200, 'PENDING']);
    const id = answer.data?.id as string;
    const reference = await world.accepted(id);
    const from = proxy.seen.length;
    proxy.arm('GET', `/ach_transfers/${reference}`, 'reset');
    proxy.arm('GET', `/ach_transfers/${reference}`, 'hold-answer');
    await settledExactly(c, id, reference);
    expect(seenSince(from)).to.deep.equal([
      `GET /ach_transfers/${reference} reset`,
      `GET /ach_transfers/${reference} hold-answer`,
      `GET /ach_transfers/${reference} pass`,
    ]);
  });
});
