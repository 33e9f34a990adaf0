import type { Worker } from '../container/tokens.js';
import { claimSize, GroupsInFlight } from './groups-in-flight.js';

/** What a runner with groups holds when it claims: at most `perGroup` of a group, `inFlight` of each held now. */
export interface GroupSpread {
  readonly perGroup: number;
  readonly inFlight: ReadonlyMap<string, number>;
}

/**
 * The worker side of a queue kept in the records themselves (webhook events due for delivery, withdrawals due
 * for a submission or a poll): claim due items under a lease, then work each as claimed.
 */
export interface LeasedQueue<T> {
  /** With `spread` (a runner with `groups`), claims no more of a group than its room. */
  claimDue(limit: number, spread?: GroupSpread): Promise<readonly T[]>;
  handle(item: T): Promise<void>;
}

export interface LeasedQueueRunnerOptions<T> {
  /** Items worked at once in this process; each may wait on a remote server (a rail, a merchant's endpoint). */
  readonly concurrency: number;
  /** How long to wait before looking again when nothing was due. */
  readonly idleMs: number;
  readonly onError: (error: unknown) => void;
  /**
   * Items of one group (a merchant's webhook deliveries) held at once, at most `limit` of `concurrency`: a group
   * whose items are slow leaves the other slots to the other groups. The queue's claim honours it.
   */
  readonly groups?: { readonly of: (item: T) => string; readonly limit: number };
}

/**
 * Keeps up to `concurrency` items in flight. It claims due items in batches (a power of two at a time): when it
 * starts, when nothing was due for `idleMs`, when a batch came back full, and whenever half its slots are free,
 * so a busy queue costs one claim per several items and an idle one a query per `idleMs`. Claims are leased, so
 * any number of runners in any number of processes share the queue, and a runner that dies only delays its items
 * until their leases end. With `groups`, an item's end claims again only when its group is half free as well (one
 * busy group does not turn every item into a claim), and a runner with free slots looks again every `idleMs` for
 * the other groups (every four while only a full group's items are due: GroupsInFlight.lookAgainMs).
 *
 * Items this process made itself, already leased to it, need no claim: `reserve` holds a slot for one (before the
 * transaction that stores it commits), then `offer` works it in that slot, or `release` gives the slot up.
 */
export class LeasedQueueRunner<T> implements Worker {
  private running = false;
  private claiming = false;
  private timer: NodeJS.Timeout | null = null;
  private readonly inFlight = new Set<Promise<void>>();
  /** Slots held for items to be offered. */
  private reserved = 0;
  /** Slots the claim under way may fill: `reserve` leaves them to it. */
  private asking = 0;
  /** A reservation was refused only because a claim was under way (see `lookAgain`). */
  private refusedForClaim = false;
  /** Claim again as soon as the claim under way ends. */
  private again = false;
  private readonly groups: GroupsInFlight<T> | null;

  constructor(
    private readonly queue: LeasedQueue<T>,
    private readonly options: LeasedQueueRunnerOptions<T>,
  ) {
    const { groups } = options;
    this.groups = groups ? new GroupsInFlight(groups.of, groups.limit) : null;
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    void this.claim();
  }

  /** Stops claiming and waits for the items in flight, so their outcomes are recorded. */
  async stop(): Promise<void> {
    this.running = false;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    while (this.inFlight.size > 0) await Promise.all(this.inFlight);
  }

  /** Holds a slot for an item of `group` to be offered later; false when stopped or without room. */
  reserve(group: string): boolean {
    const taken = this.inFlight.size + this.reserved;
    if (!this.running || taken >= this.options.concurrency) return false;
    if (taken + this.asking >= this.options.concurrency) {
      this.refusedForClaim = true;
      return false;
    }
    if (this.groups && !this.groups.reserve(group)) return false;
    this.reserved += 1;
    return true;
  }

  /** Gives up a slot held by `reserve` (its item will not come: the transaction storing it rolled back). */
  release(group: string): void {
    this.reserved -= 1;
    this.groups?.finished(group);
    if (this.busy() <= this.options.concurrency / 2) void this.claim();
  }

  /**
   * Works `item` in the slot `reserve` held for it. A runner stopped meanwhile gives the slot up instead: the item
   * waits for its lease to end, and then for a claim.
   */
  offer(item: T): void {
    if (!this.running) {
      this.release(this.groups ? this.groups.groupOf(item) : '');
      return;
    }
    this.reserved -= 1;
    this.work(item, true);
  }

  /**
   * Items refused a slot have just been stored due (their transaction committed): if a slot was refused only
   * because a claim was under way (a look while idle asks for every free slot), claim again as soon as it ends,
   * rather than at the next look (`idleMs` later). Refusals of a full runner or group change nothing: a claim then
   * would find no room.
   */
  lookAgain(): void {
    if (!this.refusedForClaim || !this.running) return;
    this.refusedForClaim = false;
    if (this.claiming) this.again = true;
    else void this.claim();
  }

  /**
   * Items may have become due just now (another process said so): claim at once rather than at the next look,
   * when at most half the slots are taken and no group is full. A busier runner claims again as its items end,
   * and a claim while a group is full would read past that group's due items for nothing.
   */
  lookNow(): void {
    if (!this.running || this.claiming || this.busy() > this.options.concurrency / 2) return;
    if (this.groups?.anyFull()) return;
    void this.claim();
  }

  /**
   * Items in flight and slots held, or promised to the claim under way. (A merchant's own room is not: a claim
   * under way may bring it items beyond the ones reserved meanwhile, at most one claim's worth.)
   */
  private busy(): number {
    return this.inFlight.size + this.reserved + this.asking;
  }

  private async claim(): Promise<void> {
    const free = this.options.concurrency - this.busy();
    if (!this.running || this.claiming || free <= 0) return;
    this.claiming = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const { groups } = this;
    const asked = groups ? groups.ask(free) : claimSize(free);
    let items: readonly T[] = [];
    this.asking = asked;
    try {
      const spread = groups?.spread();
      items = await this.queue.claimDue(asked, spread);
      if (groups && spread) groups.claimed(items, spread);
    } catch (error) {
      this.options.onError(error);
    } finally {
      this.claiming = false;
      this.asking = 0;
    }
    for (const item of items) this.work(item);
    if (!this.running) return;
    const again = this.again;
    this.again = false;
    if (again || (items.length === asked && (groups?.worthClaimingAgain() ?? true)))
      setImmediate(() => void this.claim());
    else {
      const { idleMs } = this.options;
      this.timer = setTimeout(
        () => void this.claim(),
        groups ? groups.lookAgainMs(idleMs, items.length) : idleMs,
      );
    }
  }

  /** `counted`: the item's group already counts it (a reserved slot). */
  private work(item: T, counted = false): void {
    const { groups } = this;
    const group = counted ? groups?.groupOf(item) : groups?.started(item);
    const working: Promise<void> = this.queue
      .handle(item)
      .catch((error: unknown) => this.options.onError(error))
      .finally(() => {
        this.inFlight.delete(working);
        const halfFree = this.busy() <= this.options.concurrency / 2;
        if (!groups || group === undefined) {
          if (halfFree) void this.claim();
          return;
        }
        const left = groups.finished(group);
        if (halfFree && left <= groups.limit / 2) void this.claim();
        else if (this.running && !this.claiming && !this.timer)
          this.timer = setTimeout(() => void this.claim(), this.options.idleMs);
      });
    this.inFlight.add(working);
  }
}
