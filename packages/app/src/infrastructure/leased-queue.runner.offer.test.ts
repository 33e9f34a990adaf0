import { expect } from 'chai';
import { GroupedQueue, grouped, items, runningGrouped, settle } from './grouped-queue.fixture.js';

describe('LeasedQueueRunner: items offered in reserved slots (its own, already leased)', () => {
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
    const { queue, runner } = await runningGrouped([]);
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
    const queue = new GroupedQueue([]);
    queue.holding = true;
    const runner = grouped(queue, 10_000);
    runner.start();
    expect(queue.limits, 'a claim of all eight slots under way').to.deep.equal([8]);
    expect(runner.reserve('B'), 'none left to reserve while it runs').to.equal(false);
    queue.answerHeld();
    await settle();
    expect(runner.reserve('B')).to.equal(true);
    runner.release('B');
    await runner.stop();
  });

  it('after a slot refused only for the claim under way, claims again as soon as asked to look', async () => {
    const queue = new GroupedQueue([]);
    queue.holding = true;
    const runner = grouped(queue, 10_000);
    runner.start();
    expect(runner.reserve('B'), 'refused: the look under way asked for every slot').to.equal(false);
    queue.due.push('B1');
    runner.lookAgain();
    queue.holding = false;
    queue.answerHeld();
    await settle();
    expect(queue.started, 'the next claim at once, not idleMs later').to.deep.equal(['B1']);
    queue.finish('B1');
    await runner.stop();
  });

  it('does not claim again for slots refused because the runner or the group was full', async () => {
    const { queue, runner } = await runningGrouped(items('A', 12));
    const claims = queue.limits.length;
    expect(runner.reserve('A'), 'A is at its limit').to.equal(false);
    runner.lookAgain();
    await settle();
    expect(queue.limits, 'no claim: it would find no room for A').to.have.length(claims);
    queue.finish(...items('A', 12));
    await runner.stop();
  });

  it('when told items are due, claims at once if idle enough, and not while a group is full', async () => {
    const { queue, runner } = await runningGrouped([]);
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
    const { queue, runner } = await runningGrouped([]);
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
