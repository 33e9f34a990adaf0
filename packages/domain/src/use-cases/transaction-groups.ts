import {
  CommitOutcomeUnknownError,
  type TransactionScope,
  type UnitOfWork,
} from '../ports/unit-of-work.port.js';

type Work<T> = (tx: TransactionScope) => Promise<T>;

interface Pending {
  readonly work: Work<unknown>;
  readonly resolve: (value: unknown) => void;
  readonly reject: (error: unknown) => void;
}

/**
 * Group commit for small independent transactions (a worker recording webhook attempts, applying poll answers):
 * while one group commits, the transactions handed in meanwhile queue, and then run one after another inside a
 * single unit of work, committed together. Their writes travel as one pipeline, so a group costs one round trip
 * and one commit instead of one each. With a free slot, the transactions handed in during one turn of the event
 * loop (the unit of work's `nextTurn`) form a group together: requests answered by one read, or by one Redis
 * pipeline, reach the group commit in the same turn, and without the wait the first of them would each take a
 * slot alone. Without `nextTurn`, a transaction alone runs at once, as it would through the unit of work.
 *
 * If a group fails (a conflict, a constraint, a deadlock with another process), it rolls back whole and each of
 * its transactions runs again on its own, so one transaction's failure reaches only its own caller; unless its
 * COMMIT's outcome is unknown (CommitOutcomeUnknownError), which reaches every caller of the group.
 */
export class TransactionGroups {
  private queue: Pending[] = [];
  private active = 0;
  /** A turn is awaited before the next group forms. */
  private waiting = false;

  constructor(
    private readonly unitOfWork: Pick<UnitOfWork, 'run' | 'nextTurn'>,
    /** Most transactions in one group. */
    private readonly maxGroup = 32,
    /** Groups committing at once: more keeps more connections busy, fewer makes larger groups. */
    private readonly concurrency = 1,
    /**
     * Transactions that must be waiting before a group forms while another commits; fewer wait for a commit to
     * end. Each group is a pipeline whose write wakes a PostgreSQL backend, and where the process's event loop is
     * the bound, groups of one or two cost it more in wake-ups and commits than their head start saves.
     */
    private readonly fullEnough = 1,
  ) {}

  run<T>(work: Work<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.queue.push({ work, resolve: resolve as (value: unknown) => void, reject });
      const { nextTurn } = this.unitOfWork;
      if (!nextTurn) this.next();
      else if (!this.waiting && this.active < this.concurrency) {
        this.waiting = true;
        nextTurn(() => {
          this.waiting = false;
          this.next();
        });
      }
    });
  }

  private next(): void {
    while (this.active < this.concurrency && this.queue.length > 0) {
      if (this.active > 0 && this.queue.length < this.fullEnough) return;
      const group = this.queue.splice(0, this.maxGroup);
      this.active += 1;
      const committed = group.length === 1 ? this.alone(group[0] as Pending) : this.together(group);
      void committed.finally(() => {
        this.active -= 1;
        this.next();
      });
    }
  }

  private async together(group: readonly Pending[]): Promise<void> {
    let results: unknown[];
    try {
      results = await this.unitOfWork.run(async (tx) => {
        const done: unknown[] = [];
        for (const pending of group) done.push(await pending.work(tx));
        return done;
      });
    } catch (error) {
      // A group whose COMMIT's answer was lost may have committed: running its transactions again could apply
      // them twice, or answer for a state they made (no funds left after their own debit). Each caller learns the
      // outcome its own way.
      if (error instanceof CommitOutcomeUnknownError) for (const pending of group) pending.reject(error);
      else await Promise.all(group.map((pending) => this.alone(pending)));
      return;
    }
    for (const [index, pending] of group.entries()) pending.resolve(results[index]);
  }

  private alone(pending: Pending): Promise<void> {
    return this.unitOfWork.run(pending.work).then(pending.resolve, pending.reject);
  }
}
