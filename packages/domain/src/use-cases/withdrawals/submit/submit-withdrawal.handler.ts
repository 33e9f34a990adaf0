import type { WithdrawalFlowDeps } from './debit-and-dispatch.js';
import { RailDispatcher } from './rail-dispatcher.js';

/** A rail submission attempt made by a worker (see RailDispatcher for its idempotency). */
export class SubmitWithdrawal {
  constructor(private readonly deps: WithdrawalFlowDeps) {}

  async handle(withdrawalId: string, attempt: number): Promise<void> {
    await new RailDispatcher(this.deps).submit(withdrawalId, attempt);
  }
}
