import { mintHarnessToken } from '@payout/adapters-http/testing';
import { expect } from 'chai';
import { eventually } from '../e2e/support/eventually.js';
import { FakeIncrease } from '../e2e/support/fake-increase.server.js';
import { FaultProxy, type NetworkFault } from '../e2e/support/fault-proxy.js';
import {
  behindFaultProxy,
  type HostileNetwork,
  stopHostileNetwork,
} from '../e2e/support/hostile-network.fixture.js';
import { simulateOnIncrease } from '../e2e/support/increase-simulation.js';
import { postingsOf } from '../e2e/support/ledger.probe.js';
import { PayoutApiClient } from '../e2e/support/payout-api.client.js';

const INCREASE_SECRET = 'whsec_increase_event_subscription_secret';
/** Each customer starts with 1000.00; an ACH payout of 25.50 costs 25.75 with its fee. */
const AMOUNT = 25.5;
const TOLD = ['PENDING', 'PROCESSING_PAY_OUT', 'SUCCESS'];
/** Short, so that an answer held past it costs a suite little; the held answer outlasts it. */
const WEBHOOK_TIMEOUT_MS = 1_000;
const HOLD_MS = 3 * WEBHOOK_TIMEOUT_MS;
const RETRY_SCHEDULE_MS = '200,200,200,200,200,200,200,200';
/**
 * The faulted event must be acknowledged within this of its fault: a timeout and a short retry fit, the default
 * schedule's first retry does not, so a test run on the default schedule fails here.
 */
const RETRIED_WITHIN_MS = 3_000;
const HOOKS = '/webhooks';

const FAULTS: readonly (readonly [NetworkFault, string])[] = [
  ['lose-answer', 'received by the merchant, its 2xx lost'],
  ['reset', 'reset before it reaches the merchant'],
  ['hold-answer', 'answered after the webhook timeout'],
  ['cut-answer', 'answered, the answer cut off halfway through its body'],
];
/**
 * The receiver acknowledges with a 204, which has no body: cut halfway through its body, it arrives whole, so the
 * service has its acknowledgement and rightly does not deliver again.
 */
const redelivered = (fault: NetworkFault) => fault !== 'cut-answer';

/**
 * The production service on Increase (a local fake of its API) with a fault proxy between the service and the
 * merchant's webhook endpoint: whatever the network does to a delivery, the event is delivered again until the
 * merchant acknowledges it, always under the same `webhook-id` and signed, so the merchant can deduplicate; and the
 * withdrawal and its ledger are as they would be on a quiet network.
 */
describe("a hostile network between the service and the merchant's webhook endpoint, on PostgreSQL", function () {
  this.timeout(30_000);
  let increase: FakeIncrease;
  let net: HostileNetwork;
  let hooks: FaultProxy;
  const operator = mintHarnessToken({ sub: 'op-1', scope: 'operator' });

  before(async () => {
    increase = await FakeIncrease.start();
    net = await behindFaultProxy(increase.url, 'merchant_webhook_network_faults', 'ACH=increase', (url) => ({
      INCREASE_API_KEY: 'secret_key_local_fake',
      INCREASE_BASE_URL: url,
      INCREASE_ACCOUNT_ID: 'account_in71c4amph0vgo2qllky',
      INCREASE_WEBHOOK_SECRET: INCREASE_SECRET,
      WEBHOOK_TIMEOUT_MS: String(WEBHOOK_TIMEOUT_MS),
      WEBHOOK_RETRY_SCHEDULE_MS: RETRY_SCHEDULE_MS,
    }));
    hooks = await FaultProxy.start(net.world.receiverUrl, HOLD_MS);
  });

  after(async () => {
    await stopHostileNetwork(net);
    await hooks?.close();
    await increase?.close();
  });

  const deliveries = (id: string) => new PayoutApiClient(net.world.url).deliveries(operator, id);

  for (const [fault, what] of FAULTS)
    it(`the first webhook ${what}: delivered under one webhook-id until acknowledged, paid once`, async () => {
      const { world } = net;
      const c = await world.customer('bank', `${hooks.url}${HOOKS}`);
      const from = hooks.seen.length;
      hooks.arm('POST', HOOKS, fault);
      const id = await world.withdraw(c, AMOUNT);
      await eventually('the webhook faulted', () => (hooks.unspent === 0 ? true : undefined), 10_000);
      const faulted = hooks.seen.slice(from).find((r) => r.method === 'POST' && r.path === HOOKS);
      expect(faulted?.fault).to.equal(fault);
      const eventId = faulted?.headers['webhook-id'] as string;
      expect(eventId, 'the faulted POST names its event').to.be.a('string').and.not.empty;

      await eventually(
        'the faulted event delivered',
        async () =>
          (await deliveries(id)).find((d) => d.eventId === eventId)?.deliveryState === 'DELIVERED'
            ? true
            : undefined,
        RETRIED_WITHIN_MS,
        () => JSON.stringify(hooks.seen.slice(from).map((r) => [r.fault, r.headers['webhook-id']])),
      );
      const reference = await world.accepted(id);
      await simulateOnIncrease(increase.url, world, INCREASE_SECRET, { reference, action: 'settle' });
      expect(await world.merchantToldOf(id, 'SUCCESS')).to.deep.equal(TOLD);

      // Every POST of the faulted event carried its id; the one after the fault went through.
      const posts = hooks.seen.slice(from).filter((r) => r.method === 'POST' && r.path === HOOKS);
      const ofEvent = posts.filter((r) => r.headers['webhook-id'] === eventId).map((r) => r.fault);
      expect(ofEvent, 'delivered again until acknowledged').to.deep.equal(
        redelivered(fault) ? [fault, 'pass'] : [fault],
      );
      expect(
        posts.map((r) => r.fault).filter((f) => f !== 'pass'),
        'only the armed fault',
      ).to.deep.equal([fault]);

      // What the merchant received: signed every time, one id per event, the faulted one twice unless it never got there.
      const received = world.merchantReceived(id);
      expect(
        received.filter((d) => !d.verified),
        'every delivery signed',
      ).to.deep.equal([]);
      const idsByStatus = new Map<string, Set<string>>();
      for (const d of received)
        idsByStatus.set(d.body.status, (idsByStatus.get(d.body.status) ?? new Set()).add(d.eventId));
      expect(
        [...idsByStatus.values()].map((ids) => ids.size),
        'one webhook-id per event',
      ).to.deep.equal([1, 1, 1]);
      expect(received.filter((d) => d.eventId === eventId)).to.have.length(
        fault === 'reset' || !redelivered(fault) ? 1 : 2,
      );
      expect(
        new Set(received.map((d) => d.raw)).size,
        'the same body on every delivery of an event',
      ).to.equal(3);

      // What the service recorded: each event delivered, its last attempt acknowledged.
      const recorded = await deliveries(id);
      expect(recorded.map((d) => [d.status, d.deliveryState])).to.have.deep.members(
        TOLD.map((status) => [status, 'DELIVERED']),
      );
      for (const d of recorded)
        expect(d.attempts.at(-1), d.status).to.include({ statusCode: 204, succeeded: true });

      // Nothing of the withdrawal or its money moved because of the network.
      expect((await world.stored(id))?.status).to.equal('SUCCESS');
      expect(increase.transfersWithKey(id), "Increase's book").to.deep.equal([reference]);
      const ledger = world.ledger();
      expect(await ledger.postings(id)).to.deep.equal(postingsOf('SUCCESS', true));
      const balance = await ledger.balance(c.walletId);
      expect(balance).to.equal('974.25');
      expect(await ledger.postedToWallet(c.walletId), 'balance = postings').to.equal(balance);
      expect(await ledger.unbalancedEntries(c.walletId)).to.deep.equal([]);
    });
});
