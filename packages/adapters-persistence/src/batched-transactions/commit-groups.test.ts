import { CommitOutcomeUnknownError, type TransactionScope } from '@payout/domain';
import { expect } from 'chai';
import { type CommitGroupLimits, CommitGroups } from './commit-groups.js';

type Work<T> = (tx: TransactionScope) => Promise<T>;

/**
 * Transactions one at a time, counted: what a work notes lands in `committed` only if its transaction commits.
 * Turns of the event loop are ended by the test.
 */
class Transactions {
  committed: string[] = [];
  count = 0;
  private tail: Promise<unknown> = Promise.resolve();
  private tasks: Array<() => void> = [];
  failCommit: (() => Error | undefined) | undefined;

  readonly run = <T>(work: Work<T>): Promise<T> => {
    this.count += 1;
    const run = this.tail.then(async () => {
      const noted: string[] = [];
      const result = await work({ noted } as unknown as TransactionScope);
      this.committed.push(...noted);
      const lost = this.failCommit?.();
      if (lost) throw lost;
      return result;
    });
    this.tail = run.catch(() => undefined);
    return run;
  };

  readonly defer = (task: () => void): void => {
    this.tasks.push(task);
  };

  endTurn(): void {
    const tasks = this.tasks;
    this.tasks = [];
    for (const task of tasks) task();
  }

  groups(limits: Partial<CommitGroupLimits> = {}): CommitGroups {
    return new CommitGroups(this.run, { max: 32, concurrency: 1, fullEnough: 1, ...limits }, this.defer);
  }
}

const note = (name: string) => async (tx: TransactionScope) => {
  (tx as unknown as { noted: string[] }).noted.push(name);
  return name;
};

/** Hands `names` in during one turn, ends it, and ends every turn after it until they settle. */
async function handIn(db: Transactions, groups: CommitGroups, works: Array<Work<string>>) {
  const all = Promise.allSettled(works.map((work) => groups.run(work)));
  let settled = false;
  void all.then(() => {
    settled = true;
  });
  while (!settled) {
    db.endTurn();
    await new Promise((resolve) => setImmediate(resolve));
  }
  return (await all).map((o) => (o.status === 'fulfilled' ? o.value : o.reason));
}

describe('CommitGroups (group commit inside the unit of work)', () => {
  it('forms one group of the transactions handed in during a turn, and nothing runs before it ends', async () => {
    const db = new Transactions();
    const groups = db.groups();
    const first = Promise.all(['a', 'b', 'c'].map((name) => groups.run(note(name))));
    expect(db.count, 'nothing runs before the turn ends').to.equal(0);
    db.endTurn();
    expect(await first).to.deep.equal(['a', 'b', 'c']);
    expect(db.count, 'a, b and c together').to.equal(1);
    expect(db.committed).to.deep.equal(['a', 'b', 'c']);
  });

  it("keeps a failing transaction's error to its own caller and commits the rest of its group", async () => {
    const db = new Transactions();
    const failing = async (tx: TransactionScope): Promise<string> => {
      await note('lost')(tx);
      throw new Error('conflict');
    };
    const outcomes = await handIn(db, db.groups(), [note('a'), note('b'), failing, note('c')]);
    expect(outcomes.map((o) => (o instanceof Error ? o.message : o))).to.deep.equal([
      'a',
      'b',
      'conflict',
      'c',
    ]);
    expect([...db.committed].sort(), "the group's work lands once, the failure's not at all").to.deep.equal([
      'a',
      'b',
      'c',
    ]);
  });

  it('never runs again a group whose COMMIT may have happened: each of its callers gets the unknown outcome', async () => {
    const db = new Transactions();
    const lost = new CommitOutcomeUnknownError(new Error('Connection terminated unexpectedly'));
    db.failCommit = () => lost;
    const outcomes = await handIn(db, db.groups(), [note('a'), note('b'), note('c')]);
    expect(outcomes).to.deep.equal([lost, lost, lost]);
    expect(db.count, 'one group, nothing again').to.equal(1);
    expect(db.committed, 'each committed once').to.have.length(3);
  });

  it('splits a long queue into groups of at most `max`', async () => {
    const db = new Transactions();
    await handIn(db, db.groups({ max: 2 }), ['a', 'b', 'c', 'd', 'e'].map(note));
    expect(db.count, 'a+b, then c+d, then e').to.equal(3);
    expect(db.committed).to.deep.equal(['a', 'b', 'c', 'd', 'e']);
  });

  it('commits up to `concurrency` groups at once; those handed in meanwhile wait and go together', async () => {
    const db = new Transactions();
    const groups = db.groups({ max: 1, concurrency: 2 });
    const early = ['a', 'b', 'c'].map((name) => groups.run(note(name)));
    db.endTurn();
    expect(db.count, 'a and b at once, c waits for a slot').to.equal(2);
    expect(await Promise.all(early)).to.deep.equal(['a', 'b', 'c']);
    expect(db.count).to.equal(3);
  });

  it('forms a group beside one committing only once `fullEnough` transactions wait for it', async () => {
    const db = new Transactions();
    const groups = db.groups({ concurrency: 4, fullEnough: 3 });
    const first = groups.run(note('a'));
    db.endTurn();
    const few = ['b', 'c'].map((name) => groups.run(note(name)));
    db.endTurn();
    expect(db.count, 'a alone; b and c wait for it, three slots free or not').to.equal(1);
    const third = groups.run(note('d'));
    db.endTurn();
    expect(db.count, 'three waiting: b, c and d as one group beside a').to.equal(2);
    expect(await Promise.all([first, ...few, third])).to.deep.equal(['a', 'b', 'c', 'd']);
    expect(db.count).to.equal(2);
  });
});
