import type { Clock, RailId } from '@payout/domain';
import type { FetchFunction } from './fetch-transport.js';

/** What every rail on a provider's HTTP API is configured with, besides its credentials. */
export interface RailHttpOptions {
  readonly clock: Clock;
  /** The whole of one submit or status call, with any token request, retry or adoption inside it. */
  readonly timeoutMs: number;
  /** How often to ask while the payout is not final; each provider has its own default. */
  readonly pollIntervalMs?: number;
  /** How long after settlement a return or reversal is watched for; each provider and rail has its own default. */
  readonly returnWindowMs?: number;
  /** How often to ask inside that window (the last check falls when the window closes). */
  readonly returnPollIntervalMs?: number;
  /** Injectable for tests and proxies; the global fetch otherwise. */
  readonly fetch?: FetchFunction;
}

/** A provider's default timings for one of its rails, in milliseconds. */
export interface RailTimingDefaults {
  readonly poll: number;
  readonly returnWindow: number;
  readonly returnPoll: number;
}

/** A rail on a provider's HTTP API: its id, and its timings as configured, else its provider's defaults. */
export abstract class ProviderHttpRail<Id extends RailId> {
  readonly pollIntervalMs: number;
  readonly returnWindowMs: number;
  readonly returnPollIntervalMs: number;

  constructor(
    readonly id: Id,
    options: RailHttpOptions,
    defaults: RailTimingDefaults,
  ) {
    this.pollIntervalMs = options.pollIntervalMs ?? defaults.poll;
    this.returnWindowMs = options.returnWindowMs ?? defaults.returnWindow;
    this.returnPollIntervalMs = options.returnPollIntervalMs ?? defaults.returnPoll;
  }
}
