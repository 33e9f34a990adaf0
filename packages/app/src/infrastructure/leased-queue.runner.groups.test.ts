import { takeWithinRoom } from '@payout/domain/testing';
import { expect } from 'chai';
import { type GroupSpread, type LeasedQueue, LeasedQueueRunner } from './leased-queue.runner.js';

const groupOf = (id: string) => id.charAt(0);

/**
 * Items named by group and number (`A1`, `B2`), due in the order given, whose work the test finishes by hand. Its
 * claim takes what the PostgreSQL claim takes with a spread (takeWithinRoom).
 */
class GroupedQueue implements LeasedQueue<string> {
  readonly spreads: GroupSpread[] = [];
  readonly limits: number[] = [];
  readonly started: string[] = [];
  private readonly running = new Map<string, number>();
  private readonly finishers = new Map<string, () => void>();
  mostOfA = 0;

  constructor(readonly due: string[]) {}

  async claimDue(limit: number, spread?: GroupSpread): Promise<readonly string[]> {
    if (!spread) throw new Error('a runner with groups claims with its spread');
    this.spreads.push(spread);
    this.limits.push(limit);
    const claimed = takeWithinRoom(
      this.due,
      limit,
      groupOf,
      (group) => spread.perGroup - (spread.inFlight.get(group) ?? 0),
    );
    for (const id of claimed) this.due.splice(this.due.indexOf(id), 1);
    return claimed;
  }

  handle(id: string): Promise<void> {
    this.started.push(id);
    const group = groupOf(id);
    this.running.set(group, (this.running.get(group) ?? 0) + 1);
    this.mostOfA = Math.max(this.mostOfA, this.running.get('A') ?? 0);
    return new Promise((resolve) =>
      this.finishers.set(id, () => {
        this.running.set(group, (this.running.get(group) ?? 0) - 1);
        resolve();
      }),
    );
  }

  finish(...ids: string[]): void {
    for (const id of ids) this.finishers.get(id)?.();
  }
}

const settle = (ms = 5) => new Promise((resolve) => setTimeout(resolve, ms));
const items = (group: string, n: number) => Array.from({ length: n }, (_, i) => `${group}${i + 1}`);
const grouped = (queue: GroupedQueue, idleMs: number) =>
  new LeasedQueueRunner(queue, {
    concurrency: 8,
    idleMs,
    onError: () => {},
    groups: { of: groupOf, limit: 4 },
  });

describe('LeasedQueueRunner with groups', () => {
  it('holds at most its limit of one group, and takes the other groups’ items due after that group’s backlog', async () => {
    const queue = new GroupedQueue([...items('A', 20), ...items('B', 2)]);
    const runner = grouped(queue, 20);
    runner.start();
    await settle();
    expect(queue.started, 'A’s first four; B is not among the first eight due').to.deep.equal(items('A', 4));
    await settle(40);
    expect(queue.started, 'the next look, within idleMs, passes over A').to.deep.equal([
      ...items('A', 4),
      'B1',
      'B2',
    ]);
    expect(queue.spreads[1]?.inFlight).to.deep.equal(new Map([['A', 4]]));
    queue.finish('B1', 'B2', ...items('A', 4));
    await settle(40);
    expect(queue.started.slice(6)).to.deep.equal(['A5', 'A6', 'A7', 'A8']);
    expect(queue.mostOfA).to.equal(4);
    queue.finish(...items('A', 8));
    await settle(40);
    queue.finish(...items('A', 12));
    await settle(40);
    queue.finish(...items('A', 16));
    await settle(40);
    queue.finish(...items('A', 20));
    await runner.stop();
    expect(queue.started).to.have.length(22);
    expect(queue.mostOfA, 'never more than the limit of one group').to.equal(4);
  });

  it('claims again when an item ends only once its group is half free too, not on every item of a busy group', async () => {
    const queue = new GroupedQueue(items('A', 12));
    const runner = grouped(queue, 10_000);
    runner.start();
    await settle();
    expect(queue.started).to.deep.equal(items('A', 4));
    queue.finish('A1');
    await settle();
    expect(queue.spreads, 'three of four still busy: no claim').to.have.length(1);
    queue.finish('A2');
    await settle();
    expect(queue.spreads[1]?.inFlight).to.deep.equal(new Map([['A', 2]]));
    expect(queue.started.slice(4)).to.deep.equal(['A5', 'A6']);
    queue.finish(...items('A', 12));
    await runner.stop();
  });

  it('asks no more than the busy groups’ room while its claims bring only their items, and not again when they are full', async () => {
    const queue = new GroupedQueue(items('A', 20));
    const runner = grouped(queue, 10_000);
    runner.start();
    await settle();
    queue.finish('A1', 'A2');
    await settle();
    queue.finish('A3', 'A4');
    await settle();
    expect(queue.started).to.deep.equal(items('A', 8));
    expect(
      queue.limits,
      'all free slots while A was new to it, then A’s room of 2; a full batch, but A is full: no claim at once',
    ).to.deep.equal([8, 4, 2]);
    queue.finish(...items('A', 20));
    await runner.stop();
  });

  it('looks again four times less often while a full group’s items are all it finds due', async () => {
    const queue = new GroupedQueue(items('A', 20));
    const runner = grouped(queue, 20);
    runner.start();
    await settle(110);
    // Claims at 0 (A's first four), 20 (nothing: A is full), then 80 ms later; every 20 ms would be six by 110.
    expect(queue.started).to.deep.equal(items('A', 4));
    expect(queue.spreads.length).to.be.within(2, 3);
    queue.finish(...items('A', 20));
    await runner.stop();
  });

  describe('items offered in reserved slots (its own, already leased)', () => {
    it('works an offered item in the slot reserved for it, counted against its group and the runner', async () => {
      const queue = new GroupedQueue(items('A', 20));
      const runner = grouped(queue, 10_000);
      expect(runner.reserve('A'), 'not running yet').to.equal(false);
      runner.start();
      await settle();
      expect(queue.started).to.deep.equal(items('A', 4));
      expect(runner.reserve('A'), 'A is at its limit').to.equal(false);
      expect(runner.reserve('B')).to.equal(true);
      runner.offer('B9');
      await settle();
      expect(queue.started.at(-1)).to.equal('B9');
      queue.finish('A1', 'A2');
      await settle();
      expect(queue.spreads[1]?.inFlight, 'the claim is told of B9').to.deep.equal(
        new Map([
          ['A', 2],
          ['B', 1],
        ]),
      );
      queue.finish(...items('A', 20), 'B9');
      await runner.stop();
    });

    it('holds reserved slots from claims until they are offered or released', async () => {
      const queue = new GroupedQueue([]);
      const runner = grouped(queue, 10_000);
      runner.start();
      await settle();
      for (const group of ['B', 'B', 'B', 'B', 'C', 'C', 'C', 'C'])
        expect(runner.reserve(group), `a slot for ${group}`).to.equal(true);
      expect(runner.reserve('D'), 'all eight slots are held').to.equal(false);
      queue.due.push(...items('A', 8));
      for (const group of ['B', 'B', 'B', 'B', 'C']) runner.release(group);
      await settle();
      expect(
        queue.limits.slice(0, 2),
        'all eight at the start; released to half: a claim for four',
      ).to.deep.equal([8, 4]);
      expect(queue.started).to.deep.equal(items('A', 4));
      expect(runner.reserve('A'), 'A is full').to.equal(false);
      expect(runner.reserve('B')).to.equal(true);
      runner.offer('B1');
      await settle();
      expect(queue.started.at(-1)).to.equal('B1');
      for (const group of ['C', 'C', 'C']) runner.release(group);
      queue.finish(...items('A', 8), 'B1');
      await runner.stop();
    });

    it('leaves to the claim under way the slots it asked for', async () => {
      let answer: (claimed: readonly string[]) => void = () => {};
      const queue = new GroupedQueue([]);
      queue.claimDue = (limit: number) => {
        queue.limits.push(limit);
        return new Promise((resolve) => {
          answer = resolve;
        });
      };
      const runner = grouped(queue, 10_000);
      runner.start();
      expect(queue.limits, 'a claim of all eight slots under way').to.deep.equal([8]);
      expect(runner.reserve('B'), 'none left to reserve while it runs').to.equal(false);
      answer([]);
      await settle();
      expect(runner.reserve('B')).to.equal(true);
      runner.release('B');
      await runner.stop();
    });

    it('after a slot refused only for the claim under way, claims again as soon as asked to look', async () => {
      let answer: (claimed: readonly string[]) => void = () => {};
      const queue = new GroupedQueue([]);
      const claim = queue.claimDue.bind(queue);
      let hold = true;
      queue.claimDue = (limit: number, spread?: GroupSpread) => {
        if (!hold) return claim(limit, spread);
        queue.limits.push(limit);
        return new Promise((resolve) => {
          answer = resolve;
        });
      };
      const runner = grouped(queue, 10_000);
      runner.start();
      expect(runner.reserve('B'), 'refused: the look under way asked for every slot').to.equal(false);
      queue.due.push('B1');
      runner.lookAgain();
      hold = false;
      answer([]);
      await settle();
      expect(queue.started, 'the next claim at once, not idleMs later').to.deep.equal(['B1']);
      queue.finish('B1');
      await runner.stop();
    });

    it('does not claim again for slots refused because the runner or the group was full', async () => {
      const queue = new GroupedQueue(items('A', 12));
      const runner = grouped(queue, 10_000);
      runner.start();
      await settle();
      const claims = queue.limits.length;
      expect(runner.reserve('A'), 'A is at its limit').to.equal(false);
      runner.lookAgain();
      await settle();
      expect(queue.limits, 'no claim: it would find no room for A').to.have.length(claims);
      queue.finish(...items('A', 12));
      await runner.stop();
    });

    it('when told items are due, claims at once if idle enough, and not while a group is full', async () => {
      const queue = new GroupedQueue([]);
      const runner = grouped(queue, 10_000);
      runner.start();
      await settle();
      queue.due.push(...items('A', 6));
      runner.lookNow();
      await settle();
      expect(queue.started, 'at once, not idleMs later').to.deep.equal(items('A', 4));
      const claims = queue.limits.length;
      queue.due.push('B1');
      runner.lookNow();
      await settle();
      expect(queue.limits, 'A is full: no claim to read past its items').to.have.length(claims);
      queue.finish(...items('A', 6));
      await runner.stop();
    });

    it('gives the slot up instead of working an item offered after stop', async () => {
      const queue = new GroupedQueue([]);
      const runner = grouped(queue, 10_000);
      runner.start();
      await settle();
      expect(runner.reserve('B')).to.equal(true);
      await runner.stop();
      runner.offer('B1');
      await settle();
      expect(queue.started).to.deep.equal([]);
      runner.start();
      await settle();
      for (let slot = 0; slot < 4; slot += 1)
        expect(runner.reserve('B'), 'B’s four slots are free').to.equal(true);
      for (let slot = 0; slot < 4; slot += 1) runner.release('B');
      await runner.stop();
    });
  });
});
