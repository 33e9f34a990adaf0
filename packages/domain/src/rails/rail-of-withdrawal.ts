import type { PayoutRail } from '../ports/payout-rail.port.js';
import type { RailRegistry } from '../ports/rail-registry.port.js';
import type { Withdrawal } from '../withdrawal/withdrawal.js';

/**
 * The rail to call for `withdrawal`: its rail as this deployment serves it, unless another provider served that
 * rail when the withdrawal was debited. That provider holds its idempotency key and its reference; asking another
 * could pay it twice (a retry there is a new payout) or never learn how it ended. The withdrawal then stays
 * unavailable, retried and watched, until its provider serves the rail again or an operator settles it.
 */
export function railOf(
  rails: RailRegistry,
  withdrawal: Pick<Withdrawal, 'rail' | 'railProvider'>,
): PayoutRail {
  const rail = rails.get(withdrawal.rail);
  const taken = withdrawal.railProvider;
  if (!otherThan(rail, taken)) return rail;
  const detail = `${rail.id} was served by ${taken} when this withdrawal was debited and is now served by ${rail.provider}: reconcile by hand`;
  return {
    id: rail.id,
    provider: taken,
    pollIntervalMs: rail.pollIntervalMs,
    returnWindowMs: rail.returnWindowMs,
    returnPollIntervalMs: rail.returnPollIntervalMs,
    submit: async () => ({ kind: 'UNAVAILABLE', detail }),
    status: async () => ({ kind: 'UNAVAILABLE', detail }),
    findPayout: async () => ({ kind: 'UNAVAILABLE', detail }),
  };
}

/** Whether `taken` (a withdrawal's provider, null when not recorded) is another than the one serving `rail`. */
const otherThan = (rail: PayoutRail, taken: string | null): taken is string =>
  taken !== null && taken !== rail.provider;

/** Whether another provider than the one serving its rail now took `withdrawal` at its debit. */
export const takenByAnother = (
  rails: RailRegistry,
  withdrawal: Pick<Withdrawal, 'rail' | 'railProvider'>,
): boolean => otherThan(rails.get(withdrawal.rail), withdrawal.railProvider);
