import { expect } from 'chai';
import type { PayoutRail } from '../ports/payout-rail.port.js';
import { RAIL_IDS, type RailId } from './rail-id.js';
import { createRailRegistry } from './rail-registry.js';

const rail = (id: RailId): PayoutRail => ({
  id,
  pollIntervalMs: 1000,
  returnWindowMs: 0,
  returnPollIntervalMs: 1000,
  submit: async () => ({ kind: 'UNAVAILABLE', detail: 'test double' }),
  status: async () => ({ kind: 'PENDING' }),
});

describe('createRailRegistry', () => {
  it('answers each bound rail by its id', () => {
    const registry = createRailRegistry(RAIL_IDS.map(rail));
    for (const id of RAIL_IDS) expect(registry.get(id).id).to.equal(id);
  });

  it('fails at boot when the routing table names a rail nobody bound', () => {
    const withoutVenmo = RAIL_IDS.filter((id) => id !== 'VENMO').map(rail);
    expect(() => createRailRegistry(withoutVenmo)).to.throw(/VENMO/);
  });

  it('fails at boot when a rail is bound twice', () => {
    expect(() => createRailRegistry([...RAIL_IDS.map(rail), rail('ACH')])).to.throw(/ACH is bound twice/);
  });
});
