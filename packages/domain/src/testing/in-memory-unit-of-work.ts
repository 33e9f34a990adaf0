import type { EnqueueOptions, Job } from '../ports/job-queue.port.js';
import type { Repositories, TransactionScope, UnitOfWork } from '../ports/unit-of-work.port.js';
import { inMemoryRepositories } from './in-memory-repositories.js';
import {
  emptyState,
  type InMemoryState,
  type QueuedJob,
  restoreState,
  snapshotState,
} from './in-memory-state.js';

/**
 * When `run` runs `work` more than once, as the port allows (a store that rolls a transaction back and runs it
 * again):
 * - `every-unit` (the default): every unit runs `work` twice, the first run's writes, jobs and result thrown away
 *   as a rollback would, whether it resolved or threw. A use case that is not safe to rerun (it calls a rail, sends
 *   a webhook or keeps state outside `tx` inside `work`) shows it in every test that runs it here.
 * - `on-demand`: `work` runs once, unless a test asked for more with `rerunNext`.
 */
export type InMemoryReruns = 'every-unit' | 'on-demand';

/**
 * Transactions run one at a time (a single lock stands in for row locks, so every lock serialises), and a
 * discarded run or a throw restores the snapshot taken before the run, jobs included.
 */
export class InMemoryUnitOfWork implements UnitOfWork {
  readonly state: InMemoryState = emptyState();
  readonly read: Repositories = inMemoryRepositories(() => this.state);
  private tail: Promise<unknown> = Promise.resolve();
  private extraRuns = 0;
  /** How many times `work` was run, discarded runs included; `run` calls counted once each in `units`. */
  private counted = { units: 0, runs: 0 };

  constructor(private readonly reruns: InMemoryReruns = 'every-unit') {}

  /** In memory the store always answers. */
  readBack<T>(read: (repositories: Repositories) => Promise<T>): Promise<T> {
    return read(this.read);
  }

  async run<T>(work: (tx: TransactionScope) => Promise<T>): Promise<T> {
    const ran = this.tail.then(() => this.runUnit(work));
    this.tail = ran.catch(() => undefined);
    return ran;
  }

  /** The next unit to start runs `work` `times` more, each of those runs rolled back before the last one. */
  rerunNext(times = 1): void {
    this.extraRuns += times;
  }

  /** Units run so far and the runs of `work` they made, rolled-back ones included. */
  get runs(): { readonly units: number; readonly runs: number } {
    return { ...this.counted };
  }

  /** Jobs committed so far, oldest first; tests drain them by name. */
  get jobs(): readonly QueuedJob[] {
    return this.state.jobs;
  }

  /** Removes and returns the committed jobs that match, so a test can run them like a worker would. */
  takeJobs(name?: Job['name']): QueuedJob[] {
    const taken = this.state.jobs.filter((queued) => name === undefined || queued.job.name === name);
    this.state.jobs = this.state.jobs.filter((queued) => !taken.includes(queued));
    return taken;
  }

  private async runUnit<T>(work: (tx: TransactionScope) => Promise<T>): Promise<T> {
    this.counted.units += 1;
    let discarded = (this.reruns === 'every-unit' ? 1 : 0) + this.extraRuns;
    this.extraRuns = 0;
    for (; discarded > 0; discarded -= 1) {
      const before = snapshotState(this.state);
      await this.runOnce(work).catch(() => undefined);
      restoreState(this.state, before);
    }
    const before = snapshotState(this.state);
    try {
      return await this.runOnce(work);
    } catch (error) {
      restoreState(this.state, before);
      throw error;
    }
  }

  private runOnce<T>(work: (tx: TransactionScope) => Promise<T>): Promise<T> {
    this.counted.runs += 1;
    const tx: TransactionScope = {
      ...this.read,
      jobs: {
        enqueue: async (job: Job, options: EnqueueOptions = {}) => {
          this.state.jobs.push({ job, options });
        },
      },
    };
    return work(tx);
  }
}
