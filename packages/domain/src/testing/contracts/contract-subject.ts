import type { EnqueueOptions, Job } from '../../ports/job-queue.port.js';
import type { UnitOfWork } from '../../ports/unit-of-work.port.js';
import { SequentialIds } from '../sequential-ids.js';

export interface CommittedJob {
  readonly job: Job;
  readonly startAfter: EnqueueOptions['startAfter'] | null;
}

/** What a contract suite exercises: a unit of work over fresh or shared storage, and the jobs it committed. */
export interface ContractSubject {
  readonly unitOfWork: UnitOfWork;
  /**
   * A unit of work of another process on the same storage: races between processes are run on several of them,
   * since one process's unit of work may commit the transactions handed to it together, one after another.
   */
  anotherProcess(): UnitOfWork;
  /** Every job committed so far on this storage, oldest first (suites filter by the ids they created). */
  committedJobs(): Promise<readonly CommittedJob[]>;
}

export type ContractFactory = () => Promise<ContractSubject>;

/**
 * One id sequence for every contract suite in a process, with its own prefix: suites may share one database
 * with each other and with other tests, so their rows must never collide.
 */
export const contractIds = new SequentialIds('c0a7a0c7');

/** Fails the calling test unless `promise` rejects; returns the rejection for further checks. */
export async function rejectionOf(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected a rejection, but the promise resolved');
}
