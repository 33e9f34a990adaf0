import { Money, RAIL_IDS, type RailSubmission } from '@payout/domain';
import { ManualClock } from '@payout/domain/testing';
import { describeRailContract, type RailContractScenario } from '../testing/payout-rail.contract.js';
import { createSimulatedRails, DEFAULT_SETTLEMENT_DELAYS_MS } from './simulated-payout.rail.js';

/** docs/product.md §9: the cents of the amount pick the simulated outcome. */
const AMOUNTS: Readonly<Record<RailContractScenario, string>> = {
  settles: '10.00',
  rejected: '10.91',
  declined: '10.92',
  'lost-answer': '10.99',
  'provider-error': '10.99',
  'rate-limited': '10.99',
  returned: '10.98',
  'unknown-reference': '10.00',
};

for (const id of RAIL_IDS)
  describeRailContract(
    `SimulatedPayoutRail ${id}`,
    (scenario) => {
      const clock = new ManualClock();
      const rail = createSimulatedRails({ clock }).find((candidate) => candidate.id === id)!;
      const delay = DEFAULT_SETTLEMENT_DELAYS_MS[id];
      // Settlement at the delay, the return (.98) at twice the delay (at least two seconds) after submission; a
      // rail that pays at once (no delay) has no step before its settlement.
      const steps = [delay, Math.max(delay, 1000) * 2 - delay].filter((ms) => ms > 0);
      const submission: RailSubmission = {
        withdrawalId: `w-${scenario}`,
        attempt: 1,
        requestedAt: new Date('2026-01-15T12:00:00Z'),
        amount: Money.of(AMOUNTS[scenario]),
        currency: 'USD',
        destination: { kind: 'bank', details: {} },
        description: 'contract',
      };
      return {
        rail,
        clock,
        submission,
        advance: () => clock.advance(steps.shift() ?? 60_000),
        payouts: () => null,
      };
    },
    { reportsReturns: true },
  );
