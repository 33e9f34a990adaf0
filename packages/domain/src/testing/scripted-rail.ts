import type {
  PayoutRail,
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
