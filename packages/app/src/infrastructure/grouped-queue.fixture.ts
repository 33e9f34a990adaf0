// A queue of items named by group and number, for the runner's tests with groups.
import { takeWithinRoom } from '@payout/domain/testing';
import { type GroupSpread, type LeasedQueue, LeasedQueueRunner } from './leased-queue.runner.js';

const groupOf = (id: string) => id.charAt(0);

/**
 * Items named by group and number (`A1`, `B2`), due in the order given, whose work the test finishes by hand. Its
 * claim takes what the PostgreSQL claim takes with a spread (takeWithinRoom).
 */
export class GroupedQueue implements LeasedQueue<string> {
  readonly spreads: GroupSpread[] = [];
  readonly limits: number[] = [];
  readonly started: string[] = [];
  private readonly running = new Map<string, number>();
  private readonly finishers = new Map<string, () => void>();
  mostOfA = 0;
  /** While true, a claim stays under way (its limit recorded) until `answerHeld` settles it. */
  holding = false;
  private held: ((claimed: readonly string[]) => void) | null = null;

  constructor(readonly due: string[]) {}

  async claimDue(limit: number, spread?: GroupSpread): Promise<readonly string[]> {
    if (this.holding) {
      this.limits.push(limit);
      return new Promise((resolve) => {
        this.held = resolve;
      });
    }
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

  /** Settles the claim held under way with `claimed`. */
  answerHeld(claimed: readonly string[] = []): void {
    const held = this.held;
    this.held = null;
    held?.(claimed);
  }

  finish(...ids: string[]): void {
    for (const id of ids) this.finishers.get(id)?.();
  }
}

export const settle = (ms = 5) => new Promise((resolve) => setTimeout(resolve, ms));
export const items = (group: string, n: number) => Array.from({ length: n }, (_, i) => `${group}${i + 1}`);
export const grouped = (queue: GroupedQueue, idleMs: number) =>
  new LeasedQueueRunner(queue, {
    concurrency: 8,
    idleMs,
    onError: () => {},
    groups: { of: groupOf, limit: 4 },
  });

/** A grouped runner over `due`, started and past its first claim. */
export async function runningGrouped(due: string[], idleMs = 10_000) {
  const queue = new GroupedQueue(due);
  const runner = grouped(queue, idleMs);
  runner.start();
  await settle();
  return { queue, runner };
}
