import { routedRails } from '../policy/routing-table.js';
import type { PayoutRail } from '../ports/payout-rail.port.js';
import { type DomainError, domainError, MESSAGES } from '../shared/domain-error.js';
import { err, ok, type Result } from '../shared/result.js';
import type { Withdrawal } from '../withdrawal/withdrawal.js';
import { DisabledRail } from './disabled.rail.js';
import type { RailId } from './rail-id.js';

/**
 * All rails by id. Built once at boot; building fails when the routing table names a rail that is neither bound
 * nor disabled. Not a port: no adapter implements it, the domain builds it from the bound rails (createRailRegistry).
 */
export interface RailRegistry {
  get(id: RailId): PayoutRail;
  /** False for a rail this deployment switched off: a withdrawal routed to it is refused before any debit. */
  isEnabled(id: RailId): boolean;
}

/**
 * Collects the bound rails and the disabled ones; fails at boot when a rail of the routing table is missing, or
 * bound twice, or both bound and disabled.
 */
export function createRailRegistry(
  rails: readonly PayoutRail[],
  disabled: readonly RailId[] = [],
): RailRegistry {
  const byId = new Map<RailId, PayoutRail>();
  for (const rail of [...rails, ...disabled.map((id) => new DisabledRail(id))]) {
    if (byId.has(rail.id)) throw new Error(`rail ${rail.id} is bound twice`);
    byId.set(rail.id, rail);
  }
  const missing = [...routedRails()].filter((id) => !byId.has(id));
  if (missing.length > 0)
    throw new Error(`the routing table names rails nobody bound: ${missing.join(', ')}`);
  const off = new Set(disabled);
  return {
    get(id: RailId): PayoutRail {
      const rail = byId.get(id);
      if (!rail) throw new Error(`no rail bound for ${id}`);
      return rail;
    },
    isEnabled: (id: RailId) => byId.has(id) && !off.has(id),
  };
}

/**
 * A rail the deployment switched off (RAILS=…=disabled) is refused like a routing the table does not offer: 400,
 * naming the rail, before anything is debited.
 */
export const railEnabled = (rails: RailRegistry, rail: RailId): Result<RailId, DomainError> =>
  rails.isEnabled(rail) ? ok(rail) : err(domainError('RAIL_DISABLED', MESSAGES.RAIL_DISABLED(rail)));

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
