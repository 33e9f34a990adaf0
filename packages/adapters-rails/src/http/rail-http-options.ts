import type { Clock } from '@payout/domain';
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
