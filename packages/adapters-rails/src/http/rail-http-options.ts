import type { Clock, RailId } from '@payout/domain';
import type { FetchFunction } from './fetch-transport.js';

/** What every rail on a provider's HTTP API is configured with, besides its credentials. */
export interface RailHttpOptions {
  readonly clock: Clock;
  /** The whole of one submit or status call, with any token request, retry or adoption inside it. */
  readonly timeoutMs: number;
  /** How often to ask while the payout is not final; each provider has its own default. */
  readonly pollIntervalMs?: number;
  /**
   * The provider's webhooks are received: each one makes its payout's poll due at once, so the scheduled poll is
   * only the safety net and, unless `pollIntervalMs` is set, runs no more often than WEBHOOK_SAFETY_NET_POLL_MS.
   */
  readonly webhooksReceived?: boolean;
  /** How long after settlement a return or reversal is watched for; each provider and rail has its own default. */
  readonly returnWindowMs?: number;
  /** How often to ask inside that window (the last check falls when the window closes). */
  readonly returnPollIntervalMs?: number;
  /** Injectable for tests and proxies; the global fetch otherwise. */
  readonly fetch?: FetchFunction;
}

/**
 * How often a payout whose provider sends webhooks is still polled: often enough that a lost webhook delays a
 * payout's news by minutes, not hours; rarely enough that the provider's rate limit goes to the webhooks' polls.
 */
const WEBHOOK_SAFETY_NET_POLL_MS = 15 * 60_000;

/** The poll interval as configured, else the provider's default, slowed to the safety net when webhooks come. */
export const pollIntervalOf = (options: RailHttpOptions, defaultMs: number): number =>
  options.pollIntervalMs ??
  (options.webhooksReceived ? Math.max(defaultMs, WEBHOOK_SAFETY_NET_POLL_MS) : defaultMs);

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
    this.pollIntervalMs = pollIntervalOf(options, defaults.poll);
    this.returnWindowMs = options.returnWindowMs ?? defaults.returnWindow;
    this.returnPollIntervalMs = options.returnPollIntervalMs ?? defaults.returnPoll;
  }
}
