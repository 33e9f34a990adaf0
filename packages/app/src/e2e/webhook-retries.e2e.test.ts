import { expect } from 'chai';
import { eventually } from './support/eventually.js';
import type { DeliveryAttempt } from './support/payout-api.client.js';
import { operatorToken } from './support/sandbox.fixture.js';
import { type ServiceWorld, startServiceWorld, stopServiceWorld } from './support/service.world.js';

const FAILURES = 8;
/** Eleven attempts per event: more than FAILURES, so no event can run out of retries however they spread. */
const RETRY_SCHEDULE_MS = '200,300,400,500,600,700,800,900,1000,1000';
const DELAYS = 'ACH=300,ZELLE=200';

const WITHDRAWALS = [
  { account: 'bank', amount: 30, statuses: ['PENDING', 'PROCESSING_PAY_OUT', 'SUCCESS'] },
  { account: 'zelle', amount: 30, statuses: ['PENDING', 'SUCCESS'] },
  { account: 'zelle', amount: 30.92, statuses: ['PENDING', 'FAILED'] },
] as const;

describe('e2e: the receiver answers 500 for a while, then recovers', function () {
  this.timeout(60_000);
  let world: ServiceWorld;
  let ids: string[];

  before(async () => {
    world = await startServiceWorld({
      label: 'e2e_webhook_retries',
      env: { RAIL_DELAYS_MS: DELAYS, WEBHOOK_RETRY_SCHEDULE_MS: RETRY_SCHEDULE_MS },
      entities: 1,
      responder: (n) => (n < FAILURES ? 500 : 204),
    });
    const { api, receiver, sandbox } = world;
    const entity = sandbox.entities[0]!;
    ids = [];
    for (const w of WITHDRAWALS) {
      const answer = await api.withdraw(entity.accessToken, entity.linkedAccounts[w.account], {
        amount: w.amount,
        walletType: 'SPEND',
      });
      expect(answer.status, JSON.stringify(answer.body)).to.equal(200);
      ids.push(answer.body.data!.id);
    }
    await eventually(
      'every status change of every withdrawal acknowledged',
      () =>
        WITHDRAWALS.every((w, i) => receiver.eventsFor(ids[i]!).length === w.statuses.length)
          ? true
          : undefined,
      30_000,
      () => `Acknowledged: ${JSON.stringify(ids.map((id) => receiver.eventsFor(id).map((e) => e.status)))}`,
    );
  });

  after(() => stopServiceWorld(world));

  it(`the first ${FAILURES} deliveries were refused with 500 and every one was retried`, () => {
    const { receiver } = world;
    const answers = receiver.deliveries.map((d) => d.answered);
    expect(answers.slice(0, FAILURES)).to.deep.equal(Array(FAILURES).fill(500));
    expect(answers.slice(FAILURES).every((a) => a === 204)).to.equal(true);
    const refused = new Set(receiver.deliveries.filter((d) => d.answered === 500).map((d) => d.eventId));
    for (const eventId of refused) expect(receiver.acknowledged().has(eventId), eventId).to.equal(true);
  });

  it('per withdrawal, the sorted sequences are complete with no gaps and follow its history', async () => {
    const { api, receiver, sandbox } = world;
    const entity = sandbox.entities[0]!;
    for (const [i, w] of WITHDRAWALS.entries()) {
      const events = receiver.eventsFor(ids[i]!);
      expect(events.map((e) => e.payload.sequence)).to.deep.equal(w.statuses.map((_, k) => k + 1));
      expect(events.map((e) => e.status)).to.deep.equal(w.statuses);
      const view = await api.transaction(entity.accessToken, ids[i]!);
      expect(view.history.map((h) => h.status)).to.deep.equal(w.statuses);
    }
  });

  it('a retry carries the same webhook-id, a valid signature, and is not repeated once acknowledged', () => {
    const { receiver } = world;
    const events = WITHDRAWALS.reduce((n, w) => n + w.statuses.length, 0);
    expect(new Set(receiver.deliveries.map((d) => d.eventId)).size).to.equal(events);
    expect(receiver.deliveries).to.have.length(events + FAILURES);
    expect(receiver.unverified()).to.deep.equal([]);
  });

  it('the operator API lists every attempt: the refusals with their status code, then the delivery', async () => {
    const token = await operatorToken();
    const attempts: DeliveryAttempt[] = [];
    for (const id of ids)
      for (const delivery of await world.api.deliveries(token, id)) {
        expect(delivery.deliveryState, delivery.eventId).to.equal('DELIVERED');
        expect(delivery.attempts.map((a) => a.attempt)).to.deep.equal(delivery.attempts.map((_, k) => k + 1));
        expect(delivery.attempts.at(-1)).to.include({ statusCode: 204, succeeded: true });
        attempts.push(...delivery.attempts);
      }
    const refused = attempts.filter((a) => !a.succeeded);
    expect(refused).to.have.length(FAILURES);
    expect(refused.every((a) => a.statusCode === 500)).to.equal(true);
  });

  it('shuts down gracefully on SIGTERM', async () => {
    expect(await world.service.stop()).to.equal(0);
  });
});
