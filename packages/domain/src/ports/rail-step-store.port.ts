/**
 * What a rail that pays in several calls (a recipient, a quote, then the payout: Wise) made at its provider for a
 * withdrawal, kept outside any unit of work so a retry in another process finds it. Each step's value is written
 * once: the first write wins, so two attempts that raced both go on with the same object.
 */
export interface RailStepStore {
  /** The values recorded for `withdrawalId`, by step; empty when none is. Throws when storage is unreachable. */
  recorded(withdrawalId: string): Promise<Readonly<Record<string, string>>>;
  /**
   * Records `value` for `step` unless a value is recorded already, and answers the recorded one. Durable once it
   * resolves (committed on its own, never inside a caller's transaction). Throws when storage is unreachable.
   */
  record(withdrawalId: string, step: string, value: string): Promise<string>;
}
