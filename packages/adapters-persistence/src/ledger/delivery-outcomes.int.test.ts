import {
  DeliverWebhook,
  type DueDelivery,
  JsonNumber,
  type Principal,
  RequestWithdrawal,
  SetWebhookEndpoint,
} from '@payout/domain';
import { FakeSecretGenerator, OPEN_OUTBOUND_URLS, RecordingWebhookSender } from '@payout/domain/testing';
import { expect } from 'chai';
import { statementsOf } from '../testing/statements-sent.js';
import { type Customer, PayoutWorld } from './payout-world.fixture.js';

const OPERATOR: Principal = {
  subject: 'op',
  merchantId: null,
  entityId: null,
  scopes: new Set(['operator']),
};

/**
 * The outcomes of deliveries finishing together are committed as one group: their attempts as one insert, their
 * event updates as one statement (mergeUpdates). On PostgreSQL: when one member's event was recorded meanwhile by
 * another worker (its lease ran out), the group's transaction fails (the member's attempt number is taken, and its
 * update would match no row), the group reruns each member alone, and the stale one is recorded after the other
 * worker's attempt, never over it. (The merged update's own row check is proven by the repository contract.)
 */
describe('Delivery outcomes committed together, on PostgreSQL', function () {
  this.timeout(30_000);
  let world: PayoutWorld;
  let customer: Customer;

  before(async () => {
    world = await PayoutWorld.create('delivery_outcomes');
    customer = await world.customer('1000.00');
  });
  after(async () => {
    await world.close();
  });

  const deps = () => ({ unitOfWork: world.unitOfWork, clock: world.clock, ids: world.ids });
  const settings = { retryScheduleMs: [1000], jitterRatio: 0, claimLeaseMs: 60_000 };
  const deliverer = (sender: RecordingWebhookSender) =>
    new DeliverWebhook({ ...deps(), sender, settings, random: () => 0.5 });

  /** Four ACH withdrawals, and their eight events claimed for delivery. */
  async function eightClaimed(): Promise<readonly DueDelivery[]> {
    const request = new RequestWithdrawal(world.deps);
    for (let n = 0; n < 4; n++) {
      const result = await request.execute(customer.principal, {
        currency: 'USD',
        linkedAccountId: customer.accountId,
        body: { amount: JsonNumber.of('10'), walletType: 'SPEND' },
      });
      expect(result.ok).to.equal(true);
    }
    const claimed = await deliverer(new RecordingWebhookSender()).claimDue(16);
    expect(claimed.length, 'a PENDING and a PROCESSING_PAY_OUT event per ACH withdrawal').to.equal(8);
    return claimed;
  }

  before(async () => {
    const endpoint = await new SetWebhookEndpoint({
      ...deps(),
      secrets: new FakeSecretGenerator(),
      outboundUrls: OPEN_OUTBOUND_URLS,
    }).execute(OPERATOR, customer.principal.merchantId as string, { url: 'https://merchant.test/hooks' });
    expect(endpoint.ok).to.equal(true);
  });

  it('commits the outcomes of deliveries finishing together as one transaction', async () => {
    const claimed = await eightClaimed();
    const deliver = deliverer(new RecordingWebhookSender());
    const sent = await statementsOf(() => Promise.all(claimed.map((due) => deliver.deliver(due))));
    // One transaction for the eight: BEGIN, the attempts as one insert, the events as one update, COMMIT.
    expect(sent, 'statements sent').to.have.length(4);
  });

  it('records each outcome once, the stale member after the attempt another worker recorded', async () => {
    const sender = new RecordingWebhookSender();
    const claimed = await eightClaimed();

    // Another worker, whose claim of the last event outlived its lease, has recorded a 503 for it already.
    const last = claimed.at(-1) as DueDelivery;
    await deliverer(new RecordingWebhookSender().willAnswer({ statusCode: 503 })).deliver(last);
    const deliver = deliverer(sender);
    await Promise.all(claimed.map((due) => deliver.deliver(due)));

    const { knex } = world.db;
    const events: { id: string; delivery_state: string; attempts: number }[] = await knex(
      'webhook_deliveries',
    )
      .whereIn(
        'event_id',
        claimed.map((due) => due.event.id),
      )
      .select({ id: 'event_id' }, 'delivery_state', 'attempts');
    const attempts: { event_id: string; attempt: number; status_code: number }[] = await knex(
      'webhook_attempts',
    ).select('event_id', 'attempt', 'status_code');
    for (const event of events) {
      const recorded = attempts
        .filter((a) => a.event_id === event.id)
        .sort((a, b) => a.attempt - b.attempt)
        .map((a) => [a.attempt, a.status_code]);
      const expected =
        event.id === last.event.id
          ? [
              [1, 503],
              [2, 200],
            ]
          : [[1, 200]];
      expect(recorded, event.id).to.deep.equal(expected);
      expect([event.delivery_state, event.attempts]).to.deep.equal(['DELIVERED', expected.length]);
    }
  });
});
