/** How pg-boss retries and reclaims jobs. Handlers throw only for infrastructure faults, so retries are safe. */
export interface JobQueueSettings {
  /** Retries after a thrown error or a lost worker before the job is given up as failed. */
  readonly retryLimit: number;
  /** First retry delay; doubles with each retry (pg-boss adds jitter) up to `retryDelayMaxSeconds`. */
  readonly retryDelaySeconds: number;
  readonly retryDelayMaxSeconds: number;
  /** Longest a handler may run before its job is failed and retried. */
  readonly expireInSeconds: number;
  /**
   * A running handler refreshes its claim every half of this; a worker that died (SIGKILL) stops refreshing,
   * and its job is retried after this many seconds plus one supervision interval. pg-boss requires ≥ 10.
   */
  readonly heartbeatSeconds: number;
  /** How often each instance looks for expired jobs and dead workers' jobs. */
  readonly superviseIntervalSeconds: number;
}

export const DEFAULT_JOB_QUEUE_SETTINGS: JobQueueSettings = {
  retryLimit: 20,
  retryDelaySeconds: 2,
  retryDelayMaxSeconds: 300,
  expireInSeconds: 300,
  heartbeatSeconds: 30,
  superviseIntervalSeconds: 15,
};

/** Short enough that a killed worker's job runs again within ~15 s, for tests and the fault scripts. */
export const FAST_JOB_QUEUE_SETTINGS: JobQueueSettings = {
  retryLimit: 20,
  retryDelaySeconds: 1,
  retryDelayMaxSeconds: 5,
  expireInSeconds: 60,
  heartbeatSeconds: 10,
  superviseIntervalSeconds: 2,
};
