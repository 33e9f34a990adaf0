/** The only source of time for the core: aggregates take `now` as an argument, use cases read it here. */
export interface Clock {
  now(): Date;
}

/**
 * A clock that can also wait: how a use case backs off before trying a provider again. Waiting on a test's manual
 * clock moves it by that much at once, so no test sleeps.
 */
export interface WaitingClock extends Clock {
  sleep(ms: number): Promise<void>;
}
