import type { GroupSpread } from './leased-queue.runner.js';

/**
 * The largest power of two up to `free`: claims ask few distinct limits, so the database can keep one plan for
 * each (limitedRead in the persistence adapter); a full batch is followed at once by a claim for the rest.
 */
export const claimSize = (free: number): number => 2 ** Math.floor(Math.log2(free));

/**
 * A runner's items in flight per group (a merchant's webhook deliveries), at most `limit` of each, and what its
 * claims have shown of the queue: while they bring only items of groups already in flight, the due items are
 * theirs, so a claim asks for no more than those groups' room (every row a claim locks and does not take is a
 * write for nothing).
 */
export class GroupsInFlight<T> {
  private readonly counts = new Map<string, number>();
  private onlyBusyGroups = false;

  constructor(
    readonly groupOf: (item: T) => string,
    readonly limit: number,
  ) {}

  /** What a claim is told: the limit and a copy of the counts (they move while it runs). */
  spread(): GroupSpread {
    return { perGroup: this.limit, inFlight: new Map(this.counts) };
  }

  /** The claim size for `free` slots. */
  ask(free: number): number {
    const room = this.room();
    return this.onlyBusyGroups && room > 0 ? claimSize(Math.min(free, room)) : claimSize(free);
  }

  /** After a full batch, whether another claim at once can take anything: not when only full groups are due. */
  worthClaimingAgain(): boolean {
    return !this.onlyBusyGroups || this.room() > 0;
  }

  /**
   * How long to wait before looking again after a claim that came back short: `idleMs`, or four times as long
   * when it found nothing while a group is full (what is due is then that group's, which each claim reads past:
   * a full group with a backlog should not cost a scan of it every `idleMs`).
   */
  lookAgainMs(idleMs: number, claimed: number): number {
    return claimed === 0 && this.anyFull() ? idleMs * 4 : idleMs;
  }

  /** Whether some group is at its limit (a claim would read past its due items). */
  anyFull(): boolean {
    for (const count of this.counts.values()) if (count >= this.limit) return true;
    return false;
  }

  /** Learns from a claim made with `spread`; an empty one says nothing of who is due. */
  claimed(items: readonly T[], spread: GroupSpread): void {
    if (items.length > 0)
      this.onlyBusyGroups = items.every((item) => spread.inFlight.has(this.groupOf(item)));
  }

  /** Counts an item of `group` in ahead of it (a slot held for an item handed over later), if it has room. */
  reserve(group: string): boolean {
    const count = this.counts.get(group) ?? 0;
    if (count >= this.limit) return false;
    this.counts.set(group, count + 1);
    return true;
  }

  /** Counts `item` in; returns its group. */
  started(item: T): string {
    const group = this.groupOf(item);
    this.counts.set(group, (this.counts.get(group) ?? 0) + 1);
    return group;
  }

  /** Counts an item of `group` out; returns how many of the group are left in flight. */
  finished(group: string): number {
    const left = (this.counts.get(group) ?? 1) - 1;
    if (left > 0) this.counts.set(group, left);
    else this.counts.delete(group);
    return left;
  }

  private room(): number {
    let room = 0;
    for (const count of this.counts.values()) room += Math.max(0, this.limit - count);
    return room;
  }
}
