import { expect } from 'chai';
import { type LeasedQueue, LeasedQueueRunner } from './leased-queue.runner.js';

/** A queue of ids whose work the test finishes by hand. */
class ScriptedQueue implements LeasedQueue<string> {
  readonly claims: number[] = [];
  readonly started: string[] = [];
  private readonly finishers = new Map<string, () => void>();
  failNextClaim = false;

  constructor(private readonly due: string[]) {}

  async claimDue(limit: number): Promise<readonly string[]> {
    this.claims.push(limit);
    if (this.failNextClaim) {
      this.failNextClaim = false;
      throw new Error('database unavailable');
    }
    return this.due.splice(0, limit);
  }

  handle(eventId: string): Promise<void> {
    this.started.push(eventId);
    return new Promise((resolve) => this.finishers.set(eventId, resolve));
  }

  finish(...ids: string[]): void {
    for (const id of ids) this.finishers.get(id)?.();
  }
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 5));
const ids = (n: number, from = 1) => Array.from({ length: n }, (_, i) => `e${from + i}`);
/** A runner over `queue` that only claims again when half its slots are free (its idle timer never fires). */
const busyRunner = (queue: ScriptedQueue, concurrency: number) =>
  new LeasedQueueRunner(queue, { concurrency, idleMs: 10_000, onError: () => {} });

describe('LeasedQueueRunner', () => {
  it('keeps at most `concurrency` items in flight and claims again when half the slots are free', async () => {
    const deliveries = new ScriptedQueue(ids(10));
    const runner = busyRunner(deliveries, 4);
    runner.start();
    await settle();
    expect(deliveries.started).to.deep.equal(ids(4));
    deliveries.finish('e1');
    await settle();
    expect(deliveries.started, 'one free slot of four is not worth a claim').to.have.length(4);
    deliveries.finish('e2');
    await settle();
    expect(deliveries.started).to.deep.equal(ids(6));
    expect(deliveries.claims).to.deep.equal([4, 2]);
    deliveries.finish(...ids(6));
    await settle();
    deliveries.finish(...ids(10));
    await runner.stop();
    expect(deliveries.started).to.deep.equal(ids(10));
  });

  it('claims a power of two at a time, and at once again when a batch came back full', async () => {
    const deliveries = new ScriptedQueue(ids(10));
    const runner = busyRunner(deliveries, 7);
    runner.start();
    await settle();
    expect(deliveries.claims, '7 free: 4, full, then 3 free: 2, full, then 1').to.deep.equal([4, 2, 1]);
    expect(deliveries.started).to.deep.equal(ids(7));
    deliveries.finish(...ids(7));
    await settle();
    deliveries.finish(...ids(10));
    await runner.stop();
    expect(deliveries.started).to.deep.equal(ids(10));
  });

  it('survives a failed claim and tries again after the idle interval', async () => {
    const deliveries = new ScriptedQueue(ids(2));
    const errors: unknown[] = [];
    deliveries.failNextClaim = true;
    const runner = new LeasedQueueRunner(deliveries, {
      concurrency: 4,
      idleMs: 20,
      onError: (error) => errors.push(error),
    });
    runner.start();
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(errors.map(String)).to.deep.equal(['Error: database unavailable']);
    expect(deliveries.started).to.deep.equal(ids(2));
    deliveries.finish(...ids(2));
    await runner.stop();
  });

  it('stops claiming at stop() and returns only when the items in flight have finished', async () => {
    const deliveries = new ScriptedQueue(ids(3));
    const runner = busyRunner(deliveries, 2);
    runner.start();
    await settle();
    let stopped = false;
    const stopping = runner.stop().then(() => {
      stopped = true;
    });
    await settle();
    expect(stopped).to.equal(false);
    deliveries.finish('e1', 'e2');
    await stopping;
    expect(deliveries.started, 'no claim after stop').to.deep.equal(ids(2));
  });
});
