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
 * Transactions run one at a time (a single lock stands in for row locks), and a throw restores the snapshot
 * taken at the start, jobs included.
 */
export class InMemoryUnitOfWork implements UnitOfWork {
  readonly state: InMemoryState = emptyState();
  readonly read: Repositories = inMemoryRepositories(() => this.state);
  private tail: Promise<unknown> = Promise.resolve();

  /** In memory there is no replica: every read sees every commit. */
  async readFor(): Promise<Repositories> {
    return this.read;
  }

  /** In memory the store always answers. */
  readBack<T>(read: (repositories: Repositories) => Promise<T>): Promise<T> {
    return read(this.read);
  }

  async run<T>(work: (tx: TransactionScope) => Promise<T>): Promise<T> {
    const ran = this.tail.then(() => this.runNow(work));
    this.tail = ran.catch(() => undefined);
    return ran;
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

  private async runNow<T>(work: (tx: TransactionScope) => Promise<T>): Promise<T> {
    const before = snapshotState(this.state);
    const tx: TransactionScope = {
      ...this.read,
      jobs: {
        enqueue: async (job: Job, options: EnqueueOptions = {}) => {
          this.state.jobs.push({ job, options });
        },
      },
    };
    try {
      return await work(tx);
    } catch (error) {
      restoreState(this.state, before);
      throw error;
    }
  }
}
