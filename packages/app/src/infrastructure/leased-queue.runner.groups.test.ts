import { expect } from 'chai';
import { GroupedQueue, grouped, items, runningGrouped, settle } from './grouped-queue.fixture.js';

describe('LeasedQueueRunner with groups', () => {
  it('holds at most its limit of one group, and takes the other groups’ items due after that group’s backlog', async () => {
    const { queue, runner } = await runningGrouped([...items('A', 20), ...items('B', 2)], 20);
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
    const { queue, runner } = await runningGrouped(items('A', 12));
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
    const { queue, runner } = await runningGrouped(items('A', 20));
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
});
