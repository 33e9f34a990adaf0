import type { Clock, PayoutRail, RailSubmission } from '@payout/domain';
import type { RailContractCase, RailContractScenario, RailWebhookCase } from './payout-rail.contract.js';
import type { ScriptedCreates, ScriptedReply } from './scripted-provider.js';

/** A scripted provider that holds payouts by idempotency key and can move one to its next state. */
export interface ScriptedPayouts<State> extends ScriptedCreates {
  readonly created: number;
  move(key: string, state: State): void;
}

/** The provider's answers to a first create in the scenarios that refuse it or give no usable answer. */
export type FirstCreateReplies = Readonly<
  Record<'rejected' | 'provider-error' | 'rate-limited', ScriptedReply>
>;

/** Queues the scenario's first-create fault: its reply, or a lost answer. */
export function scriptFirstCreate(
  provider: ScriptedCreates,
  scenario: RailContractScenario,
  replies: FirstCreateReplies,
): void {
  if (scenario === 'lost-answer') provider.loseNextAnswer();
  else if (scenario === 'rejected' || scenario === 'provider-error' || scenario === 'rate-limited')
    provider.failNextCreate(replies[scenario]);
}

/** A contract case whose `advance` moves the submission's payout through `steps`, one per call. */
export function scriptedCase<State>(
  provider: ScriptedPayouts<State>,
  subject: { rail: PayoutRail; clock: Clock; submission: RailSubmission; webhooks?: RailWebhookCase },
  steps: readonly State[],
): RailContractCase {
  const remaining = [...steps];
  return {
    ...subject,
    advance: () => {
      const next = remaining.shift();
      if (next) provider.move(subject.submission.withdrawalId, next);
    },
    payouts: () => provider.created,
  };
}
