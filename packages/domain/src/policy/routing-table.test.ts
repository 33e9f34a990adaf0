import { expect } from 'chai';
import { LINK_KINDS, type LinkKind } from '../linked-account/link-kind.js';
import { RAIL_IDS, type RailId } from '../rails/rail-id.js';
import { isRoutingType, type RoutingType, resolveRail, routedRails } from './routing-table.js';

type Asked = RoutingType | undefined;
const ASKED: readonly Asked[] = [undefined, 'ACH', 'RTP', 'WIRE', 'BANK'];

/**
 * The spec's "Routing by linked-account kind" and docs/product.md §4, written out row by row rather than read from
 * ROUTING_TABLE: a rail for each routingType asked (omitted first), null where the combination is refused.
 */
const EXPECTED: Readonly<Record<LinkKind, Readonly<Record<string, RailId | null>>>> = {
  bank: { omitted: 'ACH', ACH: 'ACH', RTP: 'RTP', WIRE: 'WIRE', BANK: 'ACH' },
  international_bank: { omitted: 'SWIFT', ACH: 'SWIFT', RTP: null, WIRE: 'SWIFT', BANK: 'SWIFT' },
  card: {
    omitted: 'PUSH_TO_CARD',
    ACH: 'PUSH_TO_CARD',
    RTP: 'PUSH_TO_CARD',
    WIRE: 'PUSH_TO_CARD',
    BANK: 'PUSH_TO_CARD',
  },
  prepaid_card: {
    omitted: 'PUSH_TO_CARD',
    ACH: 'PUSH_TO_CARD',
    RTP: 'PUSH_TO_CARD',
    WIRE: 'PUSH_TO_CARD',
    BANK: 'PUSH_TO_CARD',
  },
  zelle: { omitted: 'ZELLE', ACH: 'ZELLE', RTP: 'ZELLE', WIRE: 'ZELLE', BANK: 'ZELLE' },
  paypal: { omitted: 'PAYPAL', ACH: 'PAYPAL', RTP: 'PAYPAL', WIRE: 'PAYPAL', BANK: 'PAYPAL' },
  venmo: { omitted: 'VENMO', ACH: 'VENMO', RTP: 'VENMO', WIRE: 'VENMO', BANK: 'VENMO' },
};

describe('routing table (the spec’s routing by account kind, docs/product.md §4)', () => {
  for (const kind of LINK_KINDS)
    for (const asked of ASKED) {
      const expected = EXPECTED[kind][asked ?? 'omitted'];
      it(`${kind} with routingType ${asked ?? 'omitted'}: ${expected ?? 'refused'}`, () => {
        const routed = resolveRail(kind, asked);
        if (expected === null) {
          expect(routed.ok).to.equal(false);
          if (!routed.ok) {
            expect(routed.error.code).to.equal('UNSUPPORTED_ROUTING');
            expect(routed.error.message).to.equal(
              `routingType ${asked} is not available for ${kind} accounts`,
            );
          }
        } else expect(routed).to.deep.equal({ ok: true, value: expected });
      });
    }

  it('knows exactly the four routing types of the spec, in uppercase', () => {
    expect(['ACH', 'RTP', 'WIRE', 'BANK'].every(isRoutingType)).to.equal(true);
    for (const other of ['ach', 'Rtp', 'SWIFT', '', ' ACH', 'ACH ', 1, null, undefined, ['ACH']])
      expect(isRoutingType(other), String(other)).to.equal(false);
  });

  it('routes to every rail, so the registry must bind all of them', () => {
    expect([...routedRails()].sort()).to.deep.equal([...RAIL_IDS].sort());
  });
});
