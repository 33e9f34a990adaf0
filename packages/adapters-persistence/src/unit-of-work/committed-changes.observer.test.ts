import type { TransactionScope, UnitOfWork, WebhookAttempt, WebhookEvent, Withdrawal } from '@payout/domain';
import { expect } from 'chai';
import { type CommittedChanges, observeCommits } from './committed-changes.observer.js';

/** A unit of work whose transactions write nowhere: the observer's own behaviour is what is under test. */
function inertUnitOfWork(stored = new Map<string, Withdrawal>()): UnitOfWork {
  const tx = {
    withdrawals: {
      insert: async () => undefined,
      update: async () => undefined,
      lockById: async (id: string) => stored.get(id) ?? null,
    },
    webhookEvents: { recordAttempt: async () => undefined, update: async () => undefined },
  } as unknown as TransactionScope;
  return {
    read: {} as UnitOfWork['read'],
    readFor: async () => ({}) as UnitOfWork['read'],
    readBack: (read) => read({} as UnitOfWork['read']),
    run: (work) => work(tx),
  };
}

function recorder() {
  const told: string[] = [];
  const changes: CommittedChanges = {
    withdrawalCreated: (w) => told.push(`created ${w.id} ${w.status}`),
    withdrawalMoved: (w) => told.push(`moved ${w.id} ${w.status}`),
    acceptedAfterFailing: (w) => told.push(`accepted after failing ${w.id} ${w.railReference}`),
    endpointDisabled: (e, a) => told.push(`disabled ${e.id} ${a.statusCode}`),
    deliveryExhausted: (e, a) => told.push(`exhausted ${e.id} ${a?.statusCode ?? null}`),
  };
  return { told, changes };
}

const withdrawal = (status: Withdrawal['status'], sequence: number, railReference: string | null = null) =>
  ({ id: 'w1', status, sequence, railReference }) as unknown as Withdrawal;
const event = (deliveryState: WebhookEvent['deliveryState']) =>
  ({ id: 'e1', deliveryState }) as unknown as WebhookEvent;
const attempt = (statusCode: number) => ({ eventId: 'e1', statusCode }) as unknown as WebhookAttempt;

describe('observeCommits', () => {
  it('tells what a transaction wrote only once it has committed', async () => {
    const { told, changes } = recorder();
    const observed = observeCommits(inertUnitOfWork(), changes);
    await observed.run(async (tx) => {
      await tx.withdrawals.insert(withdrawal('PENDING', 1));
      await tx.withdrawals.update(withdrawal('SUCCESS', 3), 2);
      expect(told).to.deep.equal([]);
    });
    expect(told).to.deep.equal(['created w1 PENDING', 'moved w1 SUCCESS']);
  });

  it('tells nothing of a transaction that rolled back', async () => {
    const { told, changes } = recorder();
    const observed = observeCommits(inertUnitOfWork(), changes);
    const failed = observed.run(async (tx) => {
      await tx.withdrawals.insert(withdrawal('PENDING', 1));
      throw new Error('rolled back');
    });
    const outcome = await failed.then(
      () => 'committed',
      (error: Error) => error.message,
    );
    expect(outcome).to.equal('rolled back');
    expect(told).to.deep.equal([]);
  });

  it('counts an update that keeps the sequence as no move', async () => {
    const { told, changes } = recorder();
    await observeCommits(inertUnitOfWork(), changes).run((tx) =>
      tx.withdrawals.update(withdrawal('PROCESSING_PAY_OUT', 2), 2),
    );
    expect(told).to.deep.equal([]);
  });

  it('tells a FAILED withdrawal that got a rail reference, against the row it locked', async () => {
    const { told, changes } = recorder();
    const failed = withdrawal('FAILED', 2);
    const observed = observeCommits(inertUnitOfWork(new Map([['w1', failed]])), changes);
    await observed.run(async (tx) => {
      await tx.withdrawals.lockById('w1');
      await tx.withdrawals.update(withdrawal('FAILED', 2, 'ach_late'), 2);
    });
    // Unlocked (nothing known of before), or a payout already referenced that a rail failed: nothing to tell.
    await observed.run((tx) => tx.withdrawals.update(withdrawal('FAILED', 2, 'ach_late'), 2));
    const returned = observeCommits(
      inertUnitOfWork(new Map([['w1', withdrawal('FAILED', 4, 'ach_1')]])),
      changes,
    );
    await returned.run(async (tx) => {
      await tx.withdrawals.lockById('w1');
      await tx.withdrawals.update(withdrawal('FAILED', 4, 'ach_1'), 4);
    });
    expect(told).to.deep.equal(['accepted after failing w1 ach_late']);
  });

  it('tells an endpoint disabled only for a 410 seen in the same transaction, and an exhausted delivery', async () => {
    const { told, changes } = recorder();
    const observed = observeCommits(inertUnitOfWork(), changes);
    await observed.run(async (tx) => {
      await tx.webhookEvents.recordAttempt(attempt(410));
      await tx.webhookEvents.update(event('ENDPOINT_DISABLED'));
    });
    await observed.run((tx) => tx.webhookEvents.update(event('ENDPOINT_DISABLED')));
    await observed.run(async (tx) => {
      await tx.webhookEvents.recordAttempt(attempt(500));
      await tx.webhookEvents.update(event('FAILED'));
    });
    expect(told).to.deep.equal(['disabled e1 410', 'exhausted e1 500']);
  });
});
