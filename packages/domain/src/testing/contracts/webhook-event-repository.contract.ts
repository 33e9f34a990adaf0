import { expect } from 'chai';
import { StaleWebhookEventError } from '../../ports/webhook-event-repository.port.js';
import type { WebhookAttempt, WebhookEvent } from '../../webhooks/webhook-event.js';
import { at, buildWebhookEvent, buildWithdrawal, seedParties } from './contract-fixtures.js';
import { type ContractFactory, contractIds, rejectionOf } from './contract-subject.js';
import { expectLeasedQueue, leaseTime } from './leased-queue.contract-steps.js';

/** Attempt `attempt` of event `eventId`, answered `statusCode` at `at(1000)` in 5 ms. */
const attemptOf = (eventId: string, attempt: number, statusCode: number): WebhookAttempt => ({
  id: contractIds.next(),
  eventId,
  attempt,
  attemptedAt: at(1000),
  statusCode,
  latencyMs: 5,
  error: null,
  succeeded: statusCode === 200,
});

export function webhookEventRepositoryContract(factory: ContractFactory): void {
  describe('WebhookEventRepository contract', () => {
    it('stores one event per status change, lists them in sequence order, and knows the latest', async () => {
      const { unitOfWork } = await factory();
      const parties = await seedParties(unitOfWork);
      const withdrawal = buildWithdrawal(parties);
      const [first, second] = [
        buildWebhookEvent(parties, withdrawal.id, 1),
        buildWebhookEvent(parties, withdrawal.id, 2),
      ];
      await unitOfWork.run(async (tx) => {
        await tx.withdrawals.insert(withdrawal);
        await tx.webhookEvents.insert(second!);
        await tx.webhookEvents.insert(first!);
      });
      const read = unitOfWork.read.webhookEvents;
      expect(await read.listForWithdrawal(withdrawal.id)).to.deep.equal([first!, second!]);
      expect(await read.latestForWithdrawal(withdrawal.id)).to.deep.equal(second!);
      const found = await read.findById(first!.id);
      expect(found).to.deep.equal(first!);
      expect(await read.latestForWithdrawal(contractIds.next())).to.equal(null);
      const duplicate = { ...buildWebhookEvent(parties, withdrawal.id, 2) };
      await rejectionOf(unitOfWork.run((tx) => tx.webhookEvents.insert(duplicate)));
      expect(await read.listForWithdrawal(withdrawal.id)).to.have.length(2);
    });

    it('reads back the exact bytes of a body, from every read and from a claim: every attempt sends them', async () => {
      const { unitOfWork } = await factory();
      const parties = await seedParties(unitOfWork);
      const withdrawal = buildWithdrawal(parties);
      // A day of 1979 that no other suite's events are due in, so that only this one can be claimed in it.
      const t = (second: number) => new Date(Date.UTC(1979, 0, 1, 0, 0, second));
      const built = buildWebhookEvent(parties, withdrawal.id, 1);
      // Keys out of order, spaces, an escape and a number's trailing zero: what a parsed form would not keep.
      const body = `{"status":"FAILED", "eventType":"WITHDRAWAL","payload":{"reason":"refus\\u00e9 — é","amount":12.30}}`;
      const event = { ...built, body, nextAttemptAt: t(1) };
      await unitOfWork.run(async (tx) => {
        await tx.withdrawals.insert(withdrawal);
        await tx.webhookEvents.insert(event);
      });
      const read = unitOfWork.read.webhookEvents;
      const [claimed] = await read.claimDue(t(1), t(40), 5);
      const bodies = {
        findById: (await read.findById(event.id))?.body,
        lockById: await unitOfWork.run(async (tx) => (await tx.webhookEvents.lockById(event.id))?.body),
        listForWithdrawal: (await read.listForWithdrawal(withdrawal.id))[0]?.body,
        latestForWithdrawal: (await read.latestForWithdrawal(withdrawal.id))?.body,
        claimDue: claimed?.body,
      };
      for (const [how, bytes] of Object.entries(bodies)) expect(bytes, how).to.equal(body);
      // Delivered: nothing of this test stays due for the suites that share its database.
      await unitOfWork.run((tx) =>
        tx.webhookEvents.update(
          { ...claimed!, attempts: 1, deliveryState: 'DELIVERED', nextAttemptAt: null },
          0,
        ),
      );
    });

    it('writes delivery state and records attempts oldest first', async () => {
      const { unitOfWork } = await factory();
      const parties = await seedParties(unitOfWork);
      const withdrawal = buildWithdrawal(parties);
      const event = buildWebhookEvent(parties, withdrawal.id, 1);
      const attempt = (n: number, statusCode: number | null): WebhookAttempt => ({
        id: contractIds.next(),
        eventId: event.id,
        attempt: n,
        attemptedAt: at(n * 1000),
        statusCode,
        latencyMs: 40 + n,
        error: statusCode === null ? 'connection refused' : null,
        succeeded: statusCode === 200,
      });
      const attempts = [attempt(1, null), attempt(2, 503), attempt(3, 200)];
      const delivered: WebhookEvent = {
        ...event,
        deliveryState: 'DELIVERED',
        attempts: 3,
        nextAttemptAt: null,
        deliveredAt: at(3000),
      };
      await unitOfWork.run(async (tx) => {
        await tx.withdrawals.insert(withdrawal);
        await tx.webhookEvents.insert(event);
      });
      await unitOfWork.run(async (tx) => {
        await tx.webhookEvents.lockById(event.id);
        for (const a of attempts) await tx.webhookEvents.recordAttempt(a);
        await tx.webhookEvents.update(delivered);
      });
      expect(await unitOfWork.read.webhookEvents.attempts(event.id)).to.deep.equal(attempts);
      expect(await unitOfWork.read.webhookEvents.findById(event.id)).to.deep.equal(delivered);
    });

    it('writes only an event’s delivery, and refuses an attempt number recorded already', async () => {
      const { unitOfWork } = await factory();
      const parties = await seedParties(unitOfWork);
      const withdrawal = buildWithdrawal(parties);
      const event = buildWebhookEvent(parties, withdrawal.id, 1);
      await unitOfWork.run(async (tx) => {
        await tx.withdrawals.insert(withdrawal);
        await tx.webhookEvents.insert(event);
      });
      const delivery = {
        deliveryState: 'FAILED' as const,
        attempts: 1,
        nextAttemptAt: null,
        deliveredAt: null,
      };
      await unitOfWork.run((tx) =>
        tx.webhookEvents.update({ ...event, ...delivery, body: '{}', status: 'SUCCESS', sequence: 9 }),
      );
      expect(await unitOfWork.read.webhookEvents.findById(event.id)).to.deep.equal({ ...event, ...delivery });
      const attempt = attemptOf(event.id, 1, 500);
      await unitOfWork.run((tx) => tx.webhookEvents.recordAttempt(attempt));
      const again = await rejectionOf(
        unitOfWork.run((tx) => tx.webhookEvents.recordAttempt({ ...attempt, id: contractIds.next() })),
      );
      expect(again).to.be.instanceOf(StaleWebhookEventError);
      expect(await unitOfWork.read.webhookEvents.attempts(event.id)).to.deep.equal([attempt]);
    });

    it('records an attempt on the event as claimed once: of two racing workers one wins, the other rolls back', async () => {
      const { unitOfWork } = await factory();
      const parties = await seedParties(unitOfWork);
      const withdrawal = buildWithdrawal(parties);
      const event = buildWebhookEvent(parties, withdrawal.id, 1);
      await unitOfWork.run(async (tx) => {
        await tx.withdrawals.insert(withdrawal);
        await tx.webhookEvents.insert(event);
      });
      const recordFirstAttempt = (statusCode: number) =>
        unitOfWork.run(async (tx) => {
          await tx.webhookEvents.recordAttempt(attemptOf(event.id, 1, statusCode));
          await tx.webhookEvents.update(
            { ...event, attempts: 1, deliveryState: 'DELIVERED', nextAttemptAt: null, deliveredAt: at(1000) },
            0,
          );
        });
      const outcomes = await Promise.allSettled([recordFirstAttempt(200), recordFirstAttempt(201)]);
      const rejected = outcomes.filter((o) => o.status === 'rejected');
      expect(rejected, 'exactly one of the two loses').to.have.length(1);
      expect((rejected[0] as PromiseRejectedResult).reason).to.be.instanceOf(StaleWebhookEventError);
      const stored = await unitOfWork.read.webhookEvents.attempts(event.id);
      expect(stored, "the loser's attempt is rolled back with it").to.have.length(1);
      expect((await unitOfWork.read.webhookEvents.findById(event.id))?.attempts).to.equal(1);
      const stale = await rejectionOf(
        unitOfWork.run((tx) => tx.webhookEvents.update({ ...event, attempts: 2 }, 1)),
      );
      expect(stale, 'an event no longer PENDING is stale too').to.be.instanceOf(StaleWebhookEventError);
      expect((await unitOfWork.read.webhookEvents.findById(event.id))?.deliveryState).to.equal('DELIVERED');
    });

    it('records the outcomes of several events in one transaction, each its own; one stale rolls back all', async () => {
      const { unitOfWork } = await factory();
      const parties = await seedParties(unitOfWork);
      const withdrawal = buildWithdrawal(parties);
      const events = [1, 2, 3].map((sequence) => buildWebhookEvent(parties, withdrawal.id, sequence));
      await unitOfWork.run(async (tx) => {
        await tx.withdrawals.insert(withdrawal);
        for (const event of events) await tx.webhookEvents.insert(event);
      });
      const outcome = (event: WebhookEvent, n: number): WebhookEvent =>
        n === 2
          ? { ...event, attempts: 1, nextAttemptAt: at(5000 + n) }
          : {
              ...event,
              attempts: 1,
              deliveryState: 'DELIVERED',
              nextAttemptAt: null,
              deliveredAt: at(1000 + n),
            };
      const expected = events.map(outcome);
      await unitOfWork.run(async (tx) => {
        for (const event of expected) await tx.webhookEvents.update(event, 0);
      });
      const read = unitOfWork.read.webhookEvents;
      expect(await read.listForWithdrawal(withdrawal.id)).to.deep.equal(expected);

      const [first, second] = expected as [WebhookEvent, WebhookEvent];
      const retried = (event: WebhookEvent): WebhookEvent => ({
        ...event,
        attempts: 2,
        nextAttemptAt: at(9000),
      });
      const stale = await rejectionOf(
        unitOfWork.run(async (tx) => {
          await tx.webhookEvents.update(retried(second), 1);
          await tx.webhookEvents.update(retried(first), 1);
        }),
      );
      expect(stale, 'the first event is DELIVERED already').to.be.instanceOf(StaleWebhookEventError);
      expect(await read.listForWithdrawal(withdrawal.id), 'nothing of the three written').to.deep.equal(
        expected,
      );
    });

    it('hands out due PENDING events earliest first, once per lease, never to two claimers at once', async () => {
      const { unitOfWork } = await factory();
      const parties = await seedParties(unitOfWork);
      const withdrawal = buildWithdrawal(parties);
      const t = leaseTime;
      const event = (
        sequence: number,
        due: Date,
        deliveryState: WebhookEvent['deliveryState'] = 'PENDING',
      ) => ({
        ...buildWebhookEvent(parties, withdrawal.id, sequence),
        nextAttemptAt: due,
        deliveryState,
      });
      const [late, early, middle] = [event(1, t(3)), event(2, t(1)), event(3, t(2))];
      const delivered = event(4, t(0), 'DELIVERED');
      const future = event(5, t(50));
      await unitOfWork.run(async (tx) => {
        await tx.withdrawals.insert(withdrawal);
        for (const e of [late, early, middle, delivered, future]) await tx.webhookEvents.insert(e!);
      });
      await expectLeasedQueue({
        // On `read`, as DeliverWebhook claims: the statement alone, no transaction around it.
        claim: (now, lease, limit) => unitOfWork.read.webhookEvents.claimDue(t(now), t(lease), limit),
        find: (id) => unitOfWork.read.webhookEvents.findById(id),
        dueAt: async (id) => (await unitOfWork.read.webhookEvents.findById(id))?.nextAttemptAt ?? null,
        early: early!.id,
        middle: middle!.id,
        late: late!.id,
      });
      expect((await unitOfWork.read.webhookEvents.findById(delivered!.id))?.nextAttemptAt).to.deep.equal(
        t(0),
      );
    });

    it('ends a claim’s lease when the attempt’s outcome is recorded: a retry is due when it says, lease or not', async () => {
      const { unitOfWork } = await factory();
      const parties = await seedParties(unitOfWork);
      const withdrawal = buildWithdrawal(parties);
      // A day of 1980 that no other suite's events are due in, so that only this one can be claimed in it.
      const t = (second: number) => new Date(Date.UTC(1980, 0, 1, 0, 0, second));
      const event = { ...buildWebhookEvent(parties, withdrawal.id, 1), nextAttemptAt: t(4) };
      await unitOfWork.run(async (tx) => {
        await tx.withdrawals.insert(withdrawal);
        await tx.webhookEvents.insert(event);
      });
      const claim = async (now: number) =>
        (await unitOfWork.read.webhookEvents.claimDue(t(now), t(40), 5)).map((claimed) => claimed.id);
      const [claimed] = await unitOfWork.read.webhookEvents.claimDue(t(4), t(40), 5);
      expect(claimed?.id).to.equal(event.id);
      expect(claimed?.nextAttemptAt, 'next attempted when the lease runs out').to.deep.equal(t(40));
      // The attempt failed and is retried at 6, well before the lease's 40.
      await unitOfWork.run((tx) =>
        tx.webhookEvents.update({ ...claimed!, attempts: 1, nextAttemptAt: t(6) }, 0),
      );
      expect((await unitOfWork.read.webhookEvents.findById(event.id))?.nextAttemptAt).to.deep.equal(t(6));
      expect(await claim(5)).to.deep.equal([]);
      expect(await claim(6)).to.deep.equal([event.id]);
      // Delivered on the retry: nothing of this test stays due for the suites that share its database.
      await unitOfWork.run((tx) =>
        tx.webhookEvents.update(
          { ...claimed!, attempts: 2, deliveryState: 'DELIVERED', nextAttemptAt: null, deliveredAt: t(7) },
          1,
        ),
      );
    });
  });
}
