/** Background work, named by what it does to which record. */
export type Job =
  /** Performs submission `attempt` (2, 3 …; the request itself makes attempt 1) unless a later one already ran. */
  | { readonly name: 'withdrawal.submit'; readonly withdrawalId: string; readonly attempt: number }
  | { readonly name: 'withdrawal.poll'; readonly withdrawalId: string }
  | { readonly name: 'withdrawal.expire-approval'; readonly withdrawalId: string };

export type JobName = Job['name'];
export const JOB_NAMES: readonly JobName[] = [
  'withdrawal.submit',
  'withdrawal.poll',
  'withdrawal.expire-approval',
];

export interface EnqueueOptions {
  /** Not before this time. */
  readonly startAfter?: Date;
}

/**
 * Enqueues jobs as part of the enclosing unit of work: they become visible when it commits and vanish when it
 * rolls back. Delivery is at least once: a handler that crashes is run again, so handlers are idempotent.
 */
export interface JobQueue {
  enqueue(job: Job, options?: EnqueueOptions): Promise<void>;
}
