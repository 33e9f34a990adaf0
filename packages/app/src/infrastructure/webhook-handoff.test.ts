import type { DueDelivery, TransactionScope, UnitOfWork, WebhookEvent } from '@payout/domain';
import {
  buildWebhookEvent,
  buildWithdrawal,
  InMemoryUnitOfWork,
  type Parties,
  seedParties,
} from '@payout/domain/testing';
import { expect } from 'chai';
import { type HandoffTarget, runnerHandoff, WebhookHandoff } from './webhook-handoff.js';

const LEASE_MS = 60_000;

/** Another event id, distinct from `id` (its last four hex digits replaced). */
const otherId = (id: string, n: number) => `${id.slice(0, -4)}${(0xf000 + n).toString(16)}`;

/** A delivery that has room (or not, with `room: false`) and records what it is asked. */
class RecordingTarget implements HandoffTarget {
  readonly reserved: string[] = [];
  readonly released: string[] = [];
  readonly delivered: WebhookEvent[][] = [];
  looksAgain = 0;
  constructor(private readonly room = true) {}
  reserve(merchantId: string): boolean {
    if (this.room) this.reserved.push(merchantId);
    return this.room;
  }
  release(merchantId: string): void {
    this.released.push(merchantId);
  }
  deliver(events: readonly WebhookEvent[]): void {
    this.delivered.push([...events]);
  }
  lookAgain(): void {
    this.looksAgain += 1;
  }
}

interface World {
  readonly store: InMemoryUnitOfWork;
  readonly parties: Parties;
  readonly event: WebhookEvent;
}

/** A store with a withdrawal, and a new event of it (due at once, never tried) not yet inserted. */
async function world(): Promise<World> {
  const store = new InMemoryUnitOfWork();
  const parties = await seedParties(store);
  const withdrawal = buildWithdrawal(parties);
  await store.run((tx) => tx.withdrawals.insert(withdrawal));
  return { store, parties, event: buildWebhookEvent(parties, withdrawal.id, 1) };
}

const handedTo = (target: HandoffTarget) => {
  const handoff = new WebhookHandoff(LEASE_MS);
  handoff.attach(target);
  return handoff;
};
/** Inserts `event` through `unitOfWork`, then fails the transaction; answers the error the caller saw. */
const insertThenFail = (unitOfWork: UnitOfWork, event: WebhookEvent): Promise<string> =>
  unitOfWork
    .run(async (tx) => {
      await tx.webhookEvents.insert(event);
      throw new Error('a later write failed');
    })
    .then(String, String);
const leased = (event: WebhookEvent) => ({
  ...event,
  nextAttemptAt: new Date(event.createdAt.getTime() + LEASE_MS),
});

describe('WebhookHandoff', () => {
  it('stores a new event leased to this process and hands it over once its transaction has committed', async () => {
    const { store, parties, event } = await world();
    const target = new RecordingTarget();
    let deliveredBeforeCommit = -1;
    await handedTo(target)
      .wrap(store)
      .run(async (tx) => {
        await tx.webhookEvents.insert(event);
        deliveredBeforeCommit = target.delivered.length;
      });
    expect(deliveredBeforeCommit, 'nothing before the commit').to.equal(0);
    expect(target.reserved).to.deep.equal([parties.merchant.id]);
    expect(target.delivered).to.deep.equal([[leased(event)]]);
    expect(await store.read.webhookEvents.findById(event.id)).to.deep.equal(leased(event));
    expect(target.released).to.deep.equal([]);
    expect(target.looksAgain, 'nothing was stored due').to.equal(0);
  });

  it('frees the slot and hands nothing over when the transaction rolls back', async () => {
    const { store, parties, event } = await world();
    const target = new RecordingTarget();
    expect(await insertThenFail(handedTo(target).wrap(store), event)).to.equal('Error: a later write failed');
    expect(target.released).to.deep.equal([parties.merchant.id]);
    expect(target.delivered).to.deep.equal([]);
    expect(await store.read.webhookEvents.findById(event.id)).to.equal(null);
  });

  it('frees the slot of an attempt that rolled back when the unit of work runs the work again', async () => {
    const { store, parties, event } = await world();
    // A unit of work that, like PostgreSQL breaking a deadlock, rolls the first attempt back and runs it again.
    const rerunning: UnitOfWork = {
      read: store.read,
      readBack: (read) => store.readBack(read),
      run: async <T>(work: (tx: TransactionScope) => Promise<T>) => {
        await store
          .run(async (tx) => {
            await work(tx);
            throw new Error('deadlock detected');
          })
          .catch(() => undefined);
        return store.run(work);
      },
    };
    const target = new RecordingTarget();
    await handedTo(target)
      .wrap(rerunning)
      .run((tx) => tx.webhookEvents.insert(event));
    expect(target.reserved).to.deep.equal([parties.merchant.id, parties.merchant.id]);
    expect(target.released, 'the first attempt’s slot').to.deep.equal([parties.merchant.id]);
    expect(target.delivered).to.deep.equal([[leased(event)]]);
  });

  it('stores the event due at once, for a claim, when the delivery has no room, and says so once committed', async () => {
    const { store, event } = await world();
    const target = new RecordingTarget(false);
    let looksBeforeCommit = -1;
    await handedTo(target)
      .wrap(store)
      .run(async (tx) => {
        await tx.webhookEvents.insert(event);
        looksBeforeCommit = target.looksAgain;
      });
    expect(await store.read.webhookEvents.findById(event.id)).to.deep.equal(event);
    expect(target.delivered).to.deep.equal([]);
    expect(looksBeforeCommit).to.equal(0);
    expect(target.looksAgain, 'after the commit, the event can be claimed').to.equal(1);
  });

  it('does not ask the delivery to look for events whose transaction rolled back', async () => {
    const { store, event } = await world();
    const target = new RecordingTarget(false);
    expect(await insertThenFail(handedTo(target).wrap(store), event)).to.equal('Error: a later write failed');
    expect(target.looksAgain).to.equal(0);
  });

  it('leaves alone an event that is not new: tried before, or due later', async () => {
    const { store, event } = await world();
    const target = new RecordingTarget();
    const tried = { ...event, attempts: 1 };
    const later = {
      ...event,
      id: otherId(event.id, 1),
      sequence: 2,
      nextAttemptAt: new Date(event.createdAt.getTime() + 5_000),
    };
    await handedTo(target)
      .wrap(store)
      .run(async (tx) => {
        await tx.webhookEvents.insert(tried);
        await tx.webhookEvents.insert(later);
      });
    expect(target.reserved).to.deep.equal([]);
    expect(await store.read.webhookEvents.findById(tried.id)).to.deep.equal(tried);
    expect(await store.read.webhookEvents.findById(later.id)).to.deep.equal(later);
  });

  it('in a process without delivery, announces new events once their transaction has committed', async () => {
    const { store, event } = await world();
    const handoff = new WebhookHandoff(LEASE_MS);
    let announced = 0;
    handoff.announceTo(() => {
      announced += 1;
    });
    let announcedBeforeCommit = -1;
    await handoff.wrap(store).run(async (tx) => {
      await tx.webhookEvents.insert(event);
      announcedBeforeCommit = announced;
    });
    expect(announcedBeforeCommit).to.equal(0);
    expect(announced).to.equal(1);
    expect(await store.read.webhookEvents.findById(event.id), 'stored due, for a claim').to.deep.equal(event);
    const second = { ...event, id: otherId(event.id, 1), sequence: 2 };
    expect(await insertThenFail(handoff.wrap(store), second)).to.equal('Error: a later write failed');
    await handoff
      .wrap(store)
      .run((tx) => tx.webhookEvents.insert({ ...event, id: otherId(event.id, 2), sequence: 3, attempts: 2 }));
    expect(announced, 'not for a rollback, nor for an event that is not new').to.equal(1);
  });

  it('changes nothing until a delivery is attached (a process without one)', async () => {
    const { store, event } = await world();
    await new WebhookHandoff(LEASE_MS).wrap(store).run((tx) => tx.webhookEvents.insert(event));
    expect(await store.read.webhookEvents.findById(event.id)).to.deep.equal(event);
  });
});

describe('runnerHandoff', () => {
  const due = (event: WebhookEvent): DueDelivery => ({ event, endpoint: null });

  it('offers the events committed in one turn together, after one read of their endpoints', async () => {
    const { event } = await world();
    const second = { ...event, id: otherId(event.id, 1) };
    const offered: DueDelivery[] = [];
    const reads: WebhookEvent[][] = [];
    const target = runnerHandoff(
      {
        reserve: () => true,
        release: () => {},
        offer: (delivery) => offered.push(delivery),
        lookAgain: () => {},
      },
      async (events) => {
        reads.push([...events]);
        return events.map(due);
      },
      (error) => {
        throw error;
      },
    );
    target.deliver([event]);
    target.deliver([second]);
    expect(offered, 'not before the turn ends').to.deep.equal([]);
    await new Promise((resolve) => setImmediate(resolve));
    await new Promise((resolve) => setImmediate(resolve));
    expect(reads).to.deep.equal([[event, second]]);
    expect(offered).to.deep.equal([due(event), due(second)]);
  });

  it('frees the events’ slots when their endpoints cannot be read, and reports it', async () => {
    const { parties, event } = await world();
    const released: string[] = [];
    const errors: unknown[] = [];
    const target = runnerHandoff(
      {
        reserve: () => true,
        release: (merchantId) => released.push(merchantId),
        offer: () => {},
        lookAgain: () => {},
      },
      () => Promise.reject(new Error('database unavailable')),
      (error) => errors.push(error),
    );
    target.deliver([event]);
    await new Promise((resolve) => setImmediate(resolve));
    await new Promise((resolve) => setImmediate(resolve));
    expect(released).to.deep.equal([parties.merchant.id]);
    expect(errors.map(String)).to.deep.equal(['Error: database unavailable']);
  });
});
