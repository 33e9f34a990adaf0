import { expect } from 'chai';
import type { PayoutRail } from '../ports/payout-rail.port.js';
import { ScriptedRail } from '../testing/scripted-rail.js';
import { RAIL_IDS, type RailId } from './rail-id.js';
import { createRailRegistry, railEnabled } from './rail-registry.js';

const rail = (id: RailId): PayoutRail => ({
  provider: 'scripted',
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

describe('createRailRegistry with disabled rails', () => {
  it('counts a disabled rail as bound, answers it as disabled, and its stand-in never pays nor fails', async () => {
    const registry = createRailRegistry(RAIL_IDS.filter((id) => id !== 'ZELLE').map(rail), ['ZELLE']);
    expect(registry.isEnabled('ZELLE')).to.equal(false);
    expect(registry.isEnabled('ACH')).to.equal(true);
    const zelle = registry.get('ZELLE');
    expect((await zelle.submit({} as never)).kind).to.equal('UNAVAILABLE');
    expect((await zelle.status({} as never)).kind).to.equal('UNAVAILABLE');
  });

  it('fails at boot when a rail is both bound and disabled', () => {
    expect(() => createRailRegistry(RAIL_IDS.map(rail), ['ACH'])).to.throw(/ACH is bound twice/);
  });

  it('refuses a rail the deployment switched off, naming it, and lets the others through', () => {
    const registry = createRailRegistry(
      RAIL_IDS.filter((id) => id !== 'RTP').map((id) => new ScriptedRail(id)),
      ['RTP'],
    );
    expect(railEnabled(registry, 'ACH')).to.deep.equal({ ok: true, value: 'ACH' });
    const refused = railEnabled(registry, 'RTP');
    expect(refused.ok ? null : refused.error).to.deep.equal({
      code: 'RAIL_DISABLED',
      message: 'Payouts on the RTP rail are not available on this service',
    });
  });
});
