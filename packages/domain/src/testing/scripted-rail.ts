import type {
  PayoutRail,
  RailFindResult,
  RailStatus,
  RailStatusQuery,
  RailSubmission,
  RailSubmitResult,
} from '../ports/payout-rail.port.js';
import type { RailId } from '../rails/rail-id.js';

/**
 * A rail whose answers a test scripts: queue submit results and status answers; when the script runs out it
 * accepts and then settles. Records every submission so tests can count them.
 */
export class ScriptedRail implements PayoutRail {
  provider = 'scripted';
  readonly submissions: RailSubmission[] = [];
  readonly statusQueries: RailStatusQuery[] = [];
  private readonly submitScript: RailSubmitResult[] = [];
  private readonly statusScript: RailStatus[] = [];
  private readonly findScript: RailFindResult[] = [];
  readonly lookups: string[] = [];

  constructor(
    readonly id: RailId,
    readonly pollIntervalMs = 1000,
    readonly returnWindowMs = 0,
    readonly returnPollIntervalMs = pollIntervalMs,
  ) {}

  willSubmit(...results: RailSubmitResult[]): this {
    this.submitScript.push(...results);
    return this;
  }

  /** From now on answers `results` first: what was scripted before and not yet answered is dropped. */
  willNowSubmit(...results: RailSubmitResult[]): this {
    this.submitScript.length = 0;
    return this.willSubmit(...results);
  }

  /** Answers lookups by idempotency key with `results` first, then none. */
  willFind(...results: RailFindResult[]): this {
    this.findScript.push(...results);
    return this;
  }

  /** Looked up by withdrawal id; a test that needs a rail without lookups sets it undefined. */
  findPayout?: (withdrawalId: string) => Promise<RailFindResult> = async (withdrawalId) => {
    this.lookups.push(withdrawalId);
    return this.findScript.shift() ?? { kind: 'NONE' };
  };

  willReport(...statuses: RailStatus[]): this {
    this.statusScript.push(...statuses);
    return this;
  }

  async submit(submission: RailSubmission): Promise<RailSubmitResult> {
    this.submissions.push(submission);
    return this.submitScript.shift() ?? { kind: 'ACCEPTED', reference: `ref-${submission.withdrawalId}` };
  }

  async status(query: RailStatusQuery): Promise<RailStatus> {
    this.statusQueries.push(query);
    return this.statusScript.shift() ?? { kind: 'SETTLED' };
  }
}
