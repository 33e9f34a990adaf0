import { expect } from 'chai';
import { type LeasedQueue, LeasedQueueRunner } from './leased-queue.runner.js';

/** A queue of ids whose work the test finishes by hand. */
class ScriptedQueue implements LeasedQueue<string> {
  readonly claims: number[] = [];
  readonly started: string[] = [];
  private readonly finishers = new Map<string, () => void>();
  failNextClaim = false;
  /** While set, a claim waits for it before answering. */
  hold: Promise<void> | null = null;

  constructor(readonly due: string[]) {}

  async claimDue(limit: number): Promise<readonly string[]> {
    this.claims.push(limit);
    await this.hold;
    if (this.failNextClaim) {
      this.failNextClaim = false;
      throw new Error('database unavailable');
    }
    return this.due.splice(0, limit);
  }

  handle(id: string): Promise<void> {
    this.started.push(id);
    return new Promise((resolve) => this.finishers.set(id, resolve));
  }

  finish(...ids: string[]): void {
    for (const id of ids) this.finishers.get(id)?.();
  }
}

/** Lets the runner's pending callbacks (claims, their answers, setImmediate) run. */
const turns = async (n = 5) => {
  for (let i = 0; i < n; i++) await new Promise((resolve) => setImmediate(resolve));
};
const ids = (n: number, from = 1) => Array.from({ length: n }, (_, i) => `e${from + i}`);
/** A runner whose idle look never comes within a test. */
const runnerOver = (
  queue: ScriptedQueue,
  concurrency: number,
  onError: (error: unknown) => void = () => {},
) => new LeasedQueueRunner(queue, { concurrency, idleMs: 3_600_000, onError });

/** `runner.stop()` under way, and whether it has returned. */
function stopOf(runner: LeasedQueueRunner<string>) {
  let done = false;
  const stopped = runner.stop().then(() => {
    done = true;
  });
  return { stopped, done: () => done };
}

describe('LeasedQueueRunner', () => {
  it('keeps at most `concurrency` items in flight and claims again when half the slots are free', async () => {
    const queue = new ScriptedQueue(ids(10));
    const runner = runnerOver(queue, 4);
    runner.start();
    await turns();
    expect(queue.started).to.deep.equal(ids(4));
    queue.finish('e1');
    await turns();
    expect(queue.started, 'one free slot of four is not worth a claim').to.have.length(4);
    queue.finish('e2');
    await turns();
    expect(queue.started).to.deep.equal(ids(6));
    expect(queue.claims).to.deep.equal([4, 2]);
    queue.finish(...ids(6));
    await turns();
    queue.finish(...ids(10));
    await runner.stop();
    expect(queue.started).to.deep.equal(ids(10));
  });

  it('claims at once when woken while idle, and again after a claim that was under way when woken', async () => {
    const queue = new ScriptedQueue([]);
    const runner = runnerOver(queue, 4);
    runner.start();
    await turns();
    queue.due.push('e1');
    runner.wake();
    await turns();
    expect(queue.started).to.deep.equal(['e1']);
    let answer = () => {};
    queue.hold = new Promise((resolve) => {
      answer = resolve;
    });
    runner.wake();
    await turns();
    // Committed while the claim was under way: that claim may not see it.
    queue.hold = null;
    runner.wake();
    answer();
    queue.due.push('e2');
    await turns();
    expect(queue.started).to.deep.equal(['e1', 'e2']);
    queue.finish('e1', 'e2');
    await runner.stop();
  });

  it('survives a failed claim: the error is reported and the next claim takes the items', async () => {
    const queue = new ScriptedQueue(ids(2));
    const errors: unknown[] = [];
    queue.failNextClaim = true;
    const runner = runnerOver(queue, 4, (error) => errors.push(error));
    runner.start();
    await turns();
    expect(errors.map(String)).to.deep.equal(['Error: database unavailable']);
    runner.wake();
    await turns();
    expect(queue.started).to.deep.equal(ids(2));
    queue.finish(...ids(2));
    await runner.stop();
  });

  it('stops claiming at stop() and returns only when the items in flight have finished', async () => {
    const queue = new ScriptedQueue(ids(3));
    const runner = runnerOver(queue, 2);
    runner.start();
    await turns();
    const stopping = stopOf(runner);
    await turns();
    expect(stopping.done()).to.equal(false);
    queue.finish('e1', 'e2');
    await stopping.stopped;
    expect(queue.started, 'no claim after stop').to.deep.equal(ids(2));
  });

  it('stop() during a claim waits for it and works what it took, leaving nothing leased and unworked', async () => {
    const queue = new ScriptedQueue(ids(2));
    let answer = () => {};
    queue.hold = new Promise<void>((resolve) => {
      answer = resolve;
    });
    const runner = runnerOver(queue, 2);
    runner.start();
    await turns();
    const stopping = stopOf(runner);
    answer();
    await turns();
    expect(queue.started, 'the claimed items are worked').to.deep.equal(ids(2));
    expect(stopping.done(), 'not before they finish').to.equal(false);
    queue.finish(...ids(2));
    await stopping.stopped;
  });
});
