/** The only source of time for the core: aggregates take `now` as an argument, use cases read it here. */
export interface Clock {
  now(): Date;
}
