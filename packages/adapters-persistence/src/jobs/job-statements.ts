import type { EnqueueOptions, Job } from '@payout/domain';

/** A statement that inserts jobs; `check` throws when it inserted fewer rows than it should have. */
export interface JobStatement {
  readonly text: string;
  readonly values: readonly unknown[];
  readonly check?: (rowCount: number) => void;
}

export interface PendingJob {
  readonly job: Job;
  readonly options: EnqueueOptions;
}

/**
 * Turns the jobs a unit of work enqueued into statements that insert them, run in its transaction together
 * with its other writes: they commit with it and vanish with a rollback. Each statement's check throws when a
 * job was not inserted, so no job is ever silently dropped.
 */
export interface JobStatements {
  statementsFor(jobs: readonly PendingJob[]): Promise<readonly JobStatement[]>;
}
