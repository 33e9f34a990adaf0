/**
 * Work kept in the records themselves (withdrawals due by `next_check_at`, webhook deliveries due by
 * `next_attempt_at`): a claim takes due rows with `FOR UPDATE SKIP LOCKED` and leases them to the claimer by
 * moving their due time, so claimers in any number of processes never take one row twice, and the rows of a
 * claimer that died are due again when the lease ends.
 */
export interface LeasedQueue<T> {
  /**
   * Claims up to `limit` due items under a lease. `inFlight`: the items this runner holds, counted per group (for
   * a queue that spreads its claims over groups; empty for a runner without groups).
   */
  claimDue(limit: number, inFlight: ReadonlyMap<string, number>): Promise<readonly T[]>;
  handle(item: T): Promise<void>;
  /**
   * Calls `wake` whenever items may have just become due (committed by any process); what it returns stops it.
   * Without it a runner finds new items at its next look.
   */
  onDue?(wake: () => void): { close(): Promise<void> };
}

export interface LeasedQueueRunnerOptions<T> {
  /** Items worked at once in this process; each may wait on a remote server (a rail, a merchant's endpoint). */
  readonly concurrency: number;
  /** How long to wait before looking again when a claim came back short. */
  readonly idleMs: number;
  readonly onError: (error: unknown) => void;
  /** The group of an item (a merchant's webhook deliveries), counted in `inFlight` for the queue's claim. */
  readonly groupOf?: (item: T) => string;
}

/**
 * Keeps up to `concurrency` items of a leased queue in flight. It claims as many as it has free slots: when it
 * starts, when half its slots are free again, every `idleMs` while a claim comes back short, and when woken
 * (`wake`: rows were just committed due).
 */
export class LeasedQueueRunner<T> {
  private running = false;
  private claiming = false;
  /** Woken while a claim was under way, which may not have seen the rows: claim again when it ends. */
  private again = false;
  private timer: ReturnType<typeof setTimeout> | null = null;
  /** Settles when the claim under way has answered. */
  private claimAnswered: Promise<void> = Promise.resolve();
  private readonly inFlight = new Set<Promise<void>>();
  private readonly groups = new Map<string, number>();
  private wakeUps: { close(): Promise<void> } | null = null;

  constructor(
    private readonly queue: LeasedQueue<T>,
    private readonly options: LeasedQueueRunnerOptions<T>,
  ) {}

  start(): void {
    if (this.running) return;
    this.running = true;
    this.wakeUps = this.queue.onDue?.(() => this.wake()) ?? null;
    void this.claim();
  }

  /**
   * Stops claiming and waits for the items in flight, so their outcomes are recorded; a claim under way is waited
   * for and what it took is worked too, rather than left leased to a process that is gone.
   */
  async stop(): Promise<void> {
    this.running = false;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.wakeUps?.close();
    this.wakeUps = null;
    while (this.claiming || this.inFlight.size > 0) {
      await this.claimAnswered;
      await Promise.all(this.inFlight);
    }
  }

  /**
   * Items may have become due just now: claim at once rather than at the next look, unless more than half the
   * slots are taken (a busy runner claims again as its items end).
   */
  wake(): void {
    if (!this.running || !this.halfFree()) return;
    if (this.claiming) this.again = true;
    else void this.claim();
  }

  private halfFree(): boolean {
    return this.inFlight.size <= this.options.concurrency / 2;
  }

  private async claim(): Promise<void> {
    const free = this.options.concurrency - this.inFlight.size;
    if (!this.running || this.claiming || free <= 0) return;
    this.claiming = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    let items: readonly T[] = [];
    try {
      const claimed = this.queue.claimDue(free, new Map(this.groups));
      this.claimAnswered = claimed.then(
        () => undefined,
        () => undefined,
      );
      items = await claimed;
    } catch (error) {
      this.options.onError(error);
    } finally {
      this.claiming = false;
    }
    for (const item of items) this.work(item);
    if (!this.running) return;
    // A full batch while items ended meanwhile: the queue may hold more for the slots they freed.
    if (this.again || (items.length === free && this.halfFree())) {
      this.again = false;
      setImmediate(() => void this.claim());
    } else if (items.length < free) this.timer = setTimeout(() => void this.claim(), this.options.idleMs);
  }

  private work(item: T): void {
    const group = this.options.groupOf?.(item);
    if (group !== undefined) this.groups.set(group, (this.groups.get(group) ?? 0) + 1);
    const working: Promise<void> = this.queue
      .handle(item)
      .catch((error: unknown) => this.options.onError(error))
      .finally(() => {
        this.inFlight.delete(working);
        if (group !== undefined) {
          const left = (this.groups.get(group) ?? 1) - 1;
          if (left > 0) this.groups.set(group, left);
          else this.groups.delete(group);
        }
        if (this.halfFree()) void this.claim();
        else if (this.running && !this.claiming && !this.timer)
          this.timer = setTimeout(() => void this.claim(), this.options.idleMs);
      });
    this.inFlight.add(working);
  }
}
