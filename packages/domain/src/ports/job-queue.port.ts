/**
 * Background work that waits long and happens rarely, named by what it does to which record. The work every
 * payout needs (submission, status polls, webhook deliveries) is scheduled on its own row instead
 * (`Withdrawal.nextCheckAt`, `WebhookEvent.nextAttemptAt`) and claimed from there.
 */
export type Job = { readonly name: 'withdrawal.expire-approval'; readonly withdrawalId: string };

export type JobName = Job['name'];
export const JOB_NAMES: readonly JobName[] = ['withdrawal.expire-approval'];

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
