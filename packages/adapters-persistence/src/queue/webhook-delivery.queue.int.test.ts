import type { DueDelivery, UnitOfWork, WebhookEvent } from '@payout/domain';
import { buildWebhookEvent, buildWithdrawal, type Parties, seedParties } from '@payout/domain/testing';
import { expect } from 'chai';
import { type IsolatedDatabase, isolatedDatabase } from '../ledger/isolated-database.fixture.js';
import { recordingUnitOfWork } from '../testing/knex-contract-subject.js';
import { type DueNotifications, listenForDue, WEBHOOKS_DUE_CHANNEL } from './due-notifications.js';
import { LeasedQueueRunner } from './leased-queue.runner.js';
import { claimWebhookEvents, merchantOf, webhookDeliveryQueue } from './webhook-delivery.queue.js';

const T = (second: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, second));
const NOW = T(100);
const clock = { now: () => NOW };
const ids = (events: readonly WebhookEvent[]) => events.map((event) => event.id).sort();
const withoutEndpoints = async (events: readonly WebhookEvent[]): Promise<readonly DueDelivery[]> =>
  events.map((event) => ({ event, endpoint: null }));

/** A promise and the function that settles it. */
function signal<T = void>() {
  let settle: (value: T) => void = () => {};
  const settled = new Promise<T>((resolve) => {
    settle = resolve;
  });
  return { settle, settled };
}

/** A merchant with one withdrawal and its `count` events, due one second apart from `firstSecond`. */
async function merchantWithEvents(
  unitOfWork: UnitOfWork,
  count: number,
  firstSecond: number,
): Promise<{ parties: Parties; events: WebhookEvent[] }> {
  const parties = await seedParties(unitOfWork);
  const withdrawal = buildWithdrawal(parties);
  const events = Array.from({ length: count }, (_, i) => ({
    ...buildWebhookEvent(parties, withdrawal.id, i + 1),
    nextAttemptAt: T(firstSecond + i),
  }));
  await unitOfWork.run(async (tx) => {
    await tx.withdrawals.insert(withdrawal);
    for (const event of events) await tx.webhookEvents.insert(event);
  });
  return { parties, events };
}

describe('the webhook delivery queue on PostgreSQL', function () {
  this.timeout(20_000);
  let db: IsolatedDatabase;
  let unitOfWork: UnitOfWork;

  beforeEach(async function () {
    db = await isolatedDatabase(`webhook_queue_${this.currentTest?.title.length}`);
    unitOfWork = recordingUnitOfWork(db.knex);
  });
  afterEach(async () => {
    await db.drop();
  });
  /** The queue over this test's database, with a lease of a minute and room for two deliveries per merchant. */
  const queueOver = (
    deliver: (due: DueDelivery) => Promise<void>,
    onDue?: (wake: () => void) => DueNotifications,
  ) =>
    webhookDeliveryQueue({
      knex: db.knex,
      clock,
      terms: { leaseMs: 60_000, perMerchant: 2 },
      delivery: { withEndpoints: withoutEndpoints, deliver },
      ...(onDue ? { onDue } : {}),
    });

  it('spreads a claim over merchants: none beyond its room, and a merchant with none is passed over for later events', async () => {
    const busy = await merchantWithEvents(unitOfWork, 4, 1);
    const quiet = await merchantWithEvents(unitOfWork, 2, 5);
    const claim = async (inFlight: ReadonlyArray<[string, number]>) =>
      ids(await claimWebhookEvents(db.knex, NOW, 4, { leaseMs: 60_000, perMerchant: 2 }, new Map(inFlight)));
    const [a1, a2, a3, a4] = busy.events;
    const [busyId, quietId] = [busy.parties.merchant.id, quiet.parties.merchant.id];
    expect(await claim([]), 'two of the first four due: the busy merchant’s room').to.deep.equal(
      ids([a1!, a2!]),
    );
    expect(await claim([[busyId, 2]]), 'the busy merchant has no room: passed over').to.deep.equal(
      ids(quiet.events),
    );
    expect(
      await claim([
        [busyId, 1],
        [quietId, 2],
      ]),
    ).to.deep.equal(ids([a3!]));
    expect(await claim([]), 'the rest').to.deep.equal(ids([a4!]));
  });

  it('never hands one event to two concurrent claims, nor more than a merchant’s room to either', async () => {
    const merchants = [
      await merchantWithEvents(unitOfWork, 6, 1),
      await merchantWithEvents(unitOfWork, 6, 1),
    ];
    const claim = () => claimWebhookEvents(db.knex, NOW, 8, { leaseMs: 60_000, perMerchant: 3 }, new Map());
    const claims = await Promise.all([claim(), claim(), claim()]);
    const claimed = claims.flat().map((event) => event.id);
    expect(new Set(claimed).size, 'no event twice').to.equal(claimed.length);
    for (const batch of claims)
      for (const { parties } of merchants)
        expect(batch.filter((event) => event.merchantId === parties.merchant.id)).to.have.length.at.most(3);
  });

  it('holds a merchant whose endpoint hangs to its share of a runner, and delivers the others’ events meanwhile', async () => {
    // The hanging merchant's six events are all due before the other's two.
    const slow = await merchantWithEvents(unitOfWork, 6, 1);
    const quick = await merchantWithEvents(unitOfWork, 2, 10);
    const hanging: Array<() => void> = [];
    let answering = false;
    const quickDone = signal();
    const allDone = signal();
    const handled: string[] = [];
    const runner = new LeasedQueueRunner(
      queueOver(async ({ event }) => {
        if (event.merchantId === slow.parties.merchant.id && !answering)
          await new Promise<void>((r) => hanging.push(r));
        handled.push(event.id);
        if (quick.events.every((e) => handled.includes(e.id))) quickDone.settle();
        if (handled.length === 8) allDone.settle();
      }),
      { concurrency: 4, idleMs: 20, groupOf: merchantOf, onError: (error) => allDone.settle(error as never) },
    );
    runner.start();
    try {
      await quickDone.settled;
      expect(hanging, 'two of the four slots, not all four').to.have.length(2);
      answering = true;
      for (const r of hanging.splice(0)) r();
      await allDone.settled;
      expect(handled.sort()).to.deep.equal(ids([...slow.events, ...quick.events]));
    } finally {
      for (const r of hanging.splice(0)) r();
      await runner.stop();
    }
  });

  /**
   * A runner woken by the notifications on its own connection, whose idle look is an hour away: only a
   * notification can explain a delivery within a test. `woken` settles at each wake-up.
   */
  async function notifiedRunner() {
    const { parties } = await merchantWithEvents(unitOfWork, 0, 1);
    const withdrawal = buildWithdrawal(parties);
    await unitOfWork.run((tx) => tx.withdrawals.insert(withdrawal));
    const world = {
      withdrawal,
      parties,
      delivered: signal<string>(),
      woken: signal(),
      listening: Promise.resolve(),
      runner: null as unknown as LeasedQueueRunner<DueDelivery>,
    };
    world.runner = new LeasedQueueRunner(
      queueOver(
        async ({ event }) => world.delivered.settle(event.id),
        (wake) => {
          const onDue = () => {
            world.woken.settle();
            wake();
          };
          const notifications = listenForDue(db.url, WEBHOOKS_DUE_CHANNEL, onDue, () => {});
          world.listening = notifications.listening;
          return notifications;
        },
      ),
      { concurrency: 4, idleMs: 3_600_000, onError: () => {} },
    );
    world.runner.start();
    await world.listening;
    return world;
  }

  it('wakes an idle runner when a transaction that stored an event commits', async () => {
    const { runner, parties, withdrawal, delivered } = await notifiedRunner();
    try {
      const rolledBack = { ...buildWebhookEvent(parties, withdrawal.id, 1), nextAttemptAt: T(1) };
      await unitOfWork
        .run(async (tx) => {
          await tx.webhookEvents.insert(rolledBack);
          await tx.withdrawals.findById(withdrawal.id);
          throw new Error('the status change failed');
        })
        .catch(() => undefined);
      const committed = { ...buildWebhookEvent(parties, withdrawal.id, 2), nextAttemptAt: T(2) };
      await unitOfWork.run((tx) => tx.webhookEvents.insert(committed));
      expect(await delivered.settled).to.equal(committed.id);
    } finally {
      await runner.stop();
    }
  });

  it('listens again after its connection was cut, waking the runner once it does', async () => {
    const world = await notifiedRunner();
    try {
      world.woken = signal();
      await db.knex.raw(
        `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND query LIKE 'LISTEN%'`,
      );
      await world.woken.settled;
      const committed = { ...buildWebhookEvent(world.parties, world.withdrawal.id, 1), nextAttemptAt: T(1) };
      await unitOfWork.run((tx) => tx.webhookEvents.insert(committed));
      expect(await world.delivered.settled).to.equal(committed.id);
    } finally {
      await world.runner.stop();
    }
  });
});
