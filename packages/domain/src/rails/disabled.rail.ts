import type { PayoutRail, RailStatus, RailSubmitResult } from '../ports/payout-rail.port.js';
import type { RailId } from './rail-id.js';

/**
 * A rail this deployment switched off. New withdrawals are refused before they reach it; one stored before the
 * switch (debited, or submitted and not final) is never failed by it: it stays unavailable, retried and watched,
 * until the rail is configured again or an operator settles it, since its money may already be on its way.
 */
export class DisabledRail implements PayoutRail {
  readonly provider = 'disabled';
  readonly pollIntervalMs = 60 * 60_000;
  readonly returnWindowMs = 0;
  readonly returnPollIntervalMs = 60 * 60_000;

  constructor(readonly id: RailId) {}

  async submit(): Promise<RailSubmitResult> {
    return { kind: 'UNAVAILABLE', detail: `rail ${this.id} is disabled in this deployment` };
  }

  async status(): Promise<RailStatus> {
    return { kind: 'UNAVAILABLE', detail: `rail ${this.id} is disabled in this deployment` };
  }
}
