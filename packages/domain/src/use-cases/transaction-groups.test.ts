import { expect } from 'chai';
import {
  CommitOutcomeUnknownError,
  type TransactionScope,
  type UnitOfWork,
} from '../ports/unit-of-work.port.js';
import { InMemoryUnitOfWork } from '../testing/in-memory-unit-of-work.js';
import { TransactionGroups } from './transaction-groups.js';

/** The in-memory unit of work, counting its transactions. */
class CountingUnitOfWork implements Pick<UnitOfWork, 'run' | 'read'> {
  readonly inner = new InMemoryUnitOfWork();
  readonly read = this.inner.read;
  transactions = 0;
  run<T>(work: (tx: TransactionScope) => Promise<T>): Promise<T> {
    this.transactions += 1;
    return this.inner.run(work);
  }
}

/** Counting, with turns of an event loop ended by the test. */
class TurningUnitOfWork extends CountingUnitOfWork {
  private tasks: Array<() => void> = [];
  readonly nextTurn = (task: () => void): void => {
    this.tasks.push(task);
  };
  endTurn(): void {
    const tasks = this.tasks;
    this.tasks = [];
    for (const task of tasks) task();
  }
}

const tokenFor = (name: string) => async (tx: TransactionScope) => {
  await tx.jobs.enqueue({ name: 'withdrawal.expire-approval', withdrawalId: name });
  return name;
};

describe('TransactionGroups (group commit)', () => {
  it('runs a transaction alone at once, and those handed in while it commits as one group', async () => {
    const uow = new CountingUnitOfWork();
    const groups = new TransactionGroups(uow);
    const results = await Promise.all(['a', 'b', 'c', 'd'].map((name) => groups.run(tokenFor(name))));
    expect(results).to.deep.equal(['a', 'b', 'c', 'd']);
    expect(uow.transactions, 'a alone, then b, c and d together').to.equal(2);
    expect(
      uow.inner.jobs.map((queued) => (queued.job as { withdrawalId: string }).withdrawalId),
    ).to.deep.equal(['a', 'b', 'c', 'd']);
  });

  it("keeps a failing transaction's error to its own caller and commits the rest of its group", async () => {
    const uow = new CountingUnitOfWork();
    const groups = new TransactionGroups(uow);
    const failing = async (tx: TransactionScope) => {
      await tokenFor('lost')(tx);
      throw new Error('conflict');
    };
    const outcomes = await Promise.allSettled([
      groups.run(tokenFor('a')),
      groups.run(tokenFor('b')),
      groups.run(failing),
      groups.run(tokenFor('c')),
    ]);
    expect(
      outcomes.map((o) => (o.status === 'fulfilled' ? o.value : (o.reason as Error).message)),
    ).to.deep.equal(['a', 'b', 'conflict', 'c']);
    const committed = uow.inner.jobs.map((queued) => (queued.job as { withdrawalId: string }).withdrawalId);
    expect(
      [...committed].sort(),
      "the failed group's work lands once, the failure's not at all",
    ).to.deep.equal(['a', 'b', 'c']);
  });

  it('never runs again a group whose COMMIT may have happened: each of its callers gets the unknown outcome', async () => {
    const uow = new CountingUnitOfWork();
    const groups = new TransactionGroups(uow);
    const lost = new CommitOutcomeUnknownError(new Error('Connection terminated unexpectedly'));
    const run = uow.run.bind(uow);
    // The first group's transaction commits, then its answer is lost.
    uow.run = async <T>(work: (tx: TransactionScope) => Promise<T>): Promise<T> => {
      const result = await run(work);
      if (uow.transactions <= 2) throw lost;
      return result;
    };
    const outcomes = await Promise.allSettled(['a', 'b', 'c'].map((name) => groups.run(tokenFor(name))));
    expect(outcomes.map((o) => (o.status === 'rejected' ? o.reason : o.value))).to.deep.equal([
      lost,
      lost,
      lost,
    ]);
    expect(uow.transactions, 'a alone, then b and c together, nothing again').to.equal(2);
    expect(uow.inner.jobs, 'each committed once').to.have.length(3);
  });

  it('splits a long queue into groups of at most the given size', async () => {
    const uow = new CountingUnitOfWork();
    const groups = new TransactionGroups(uow, 2);
    await Promise.all(['a', 'b', 'c', 'd', 'e'].map((name) => groups.run(tokenFor(name))));
    expect(uow.transactions, 'a, then b+c, then d+e').to.equal(3);
  });

  it('commits up to `concurrency` groups at once', async () => {
    const uow = new CountingUnitOfWork();
    const groups = new TransactionGroups(uow, 32, 2);
    await Promise.all(['a', 'b', 'c', 'd', 'e'].map((name) => groups.run(tokenFor(name))));
    expect(uow.transactions, 'a and b alone at once, then c, d and e together').to.equal(3);
  });

  it('forms a group beside one committing only once `fullEnough` transactions wait for it', async () => {
    const uow = new CountingUnitOfWork();
    const groups = new TransactionGroups(uow, 32, 4, 3);
    const first = groups.run(tokenFor('a'));
    const few = ['b', 'c'].map((name) => groups.run(tokenFor(name)));
    expect(uow.transactions, 'a alone; b and c wait for it, three slots free or not').to.equal(1);
    const third = groups.run(tokenFor('d'));
    expect(uow.transactions, 'three waiting: b, c and d as one group beside a').to.equal(2);
    expect(await Promise.all([first, ...few, third])).to.deep.equal(['a', 'b', 'c', 'd']);
    expect(uow.transactions).to.equal(2);
  });

  it("with the unit of work's nextTurn, forms one group of the transactions handed in during a turn", async () => {
    const uow = new TurningUnitOfWork();
    const groups = new TransactionGroups(uow, 32, 2);
    const first = Promise.all(['a', 'b', 'c'].map((name) => groups.run(tokenFor(name))));
    expect(uow.transactions, 'nothing runs before the turn ends').to.equal(0);
    uow.endTurn();
    expect(await first).to.deep.equal(['a', 'b', 'c']);
    expect(uow.transactions, 'a, b and c together, not two of them alone').to.equal(1);
    const second = Promise.all(['d', 'e'].map((name) => groups.run(tokenFor(name))));
    uow.endTurn();
    expect(await second).to.deep.equal(['d', 'e']);
    expect(uow.transactions).to.equal(2);
  });
});
