import { routedRails } from '../policy/routing-table.js';
import type { PayoutRail } from '../ports/payout-rail.port.js';
import type { RailRegistry } from '../ports/rail-registry.port.js';
import { DisabledRail } from './disabled.rail.js';
import type { RailId } from './rail-id.js';

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
