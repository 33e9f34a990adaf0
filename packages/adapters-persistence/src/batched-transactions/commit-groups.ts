import { CommitOutcomeUnknownError, type TransactionScope } from '@payout/domain';

type Work<T> = (tx: TransactionScope) => Promise<T>;
/** Runs `work` in one transaction of its own (the unit of work without grouping). */
type RunAlone = <T>(work: Work<T>) => Promise<T>;

interface Pending {
  readonly work: Work<unknown>;
  readonly resolve: (value: unknown) => void;
  readonly reject: (error: unknown) => void;
}

/** How transactions are grouped; see docs/decisions/0007-commit-groups-in-the-unit-of-work.md. */
export interface CommitGroupLimits {
  /** Most transactions in one group. */
  readonly max: number;
  /** Groups committing at once: more keeps more connections busy, fewer makes larger groups. */
  readonly concurrency: number;
  /** Transactions that must be waiting before a group forms while another commits. */
  readonly fullEnough: number;
}

export const DEFAULT_COMMIT_GROUPS: CommitGroupLimits = { max: 32, concurrency: 4, fullEnough: 1 };

/**
 * Group commit: the transactions handed to the unit of work while its groups are busy queue, and then run one
 * after another inside a single transaction, committed together, so that a group costs one commit and its writes
 * travel together. With a free slot, the transactions handed in during one turn of the event loop (`defer`)
 * form a group together: requests answered by one read reach the unit of work in the same turn.
 *
 * If a group fails (a conflict, a constraint, a deadlock with another process), it rolls back whole and each of
 * its transactions runs again on its own, so one transaction's failure reaches only its own caller; unless its
 * COMMIT's outcome is unknown (CommitOutcomeUnknownError), which reaches every caller of the group.
 */
export class CommitGroups {
  private queue: Pending[] = [];
  private active = 0;
  /** A turn is awaited before the next group forms. */
  private waiting = false;

  constructor(
    private readonly alone: RunAlone,
    private readonly limits: CommitGroupLimits = DEFAULT_COMMIT_GROUPS,
    private readonly defer: (task: () => void) => void = setImmediate,
  ) {}

  run<T>(work: Work<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.queue.push({ work, resolve: resolve as (value: unknown) => void, reject });
      if (this.waiting || this.active >= this.limits.concurrency) return;
      this.waiting = true;
      this.defer(() => {
        this.waiting = false;
        this.next();
      });
    });
  }

  private next(): void {
    const { max, concurrency, fullEnough } = this.limits;
    while (this.active < concurrency && this.queue.length > 0) {
      if (this.active > 0 && this.queue.length < fullEnough) return;
      const group = this.queue.splice(0, max);
      this.active += 1;
      const committed = group.length === 1 ? this.one(group[0] as Pending) : this.together(group);
      void committed.finally(() => {
        this.active -= 1;
        this.next();
      });
    }
  }

  private async together(group: readonly Pending[]): Promise<void> {
    let results: unknown[];
    try {
      results = await this.alone(async (tx) => {
        const done: unknown[] = [];
        for (const pending of group) done.push(await pending.work(tx));
        return done;
      });
    } catch (error) {
      // A group whose COMMIT's answer was lost may have committed: running its transactions again could apply
      // them twice, or answer for a state they made (no funds left after their own debit). Each caller learns the
      // outcome its own way.
      if (error instanceof CommitOutcomeUnknownError) for (const pending of group) pending.reject(error);
      else await Promise.all(group.map((pending) => this.one(pending)));
      return;
    }
    for (const [index, pending] of group.entries()) pending.resolve(results[index]);
  }

  private one(pending: Pending): Promise<void> {
    return this.alone(pending.work).then(pending.resolve, pending.reject);
  }
}
