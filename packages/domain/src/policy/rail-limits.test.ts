import { expect } from 'chai';
import { Money } from '../money/money.js';
import { RAIL_IDS, type RailId } from '../rails/rail-id.js';
import { withinRailLimit } from './rail-limits.js';

/** Each rail's per-payout limit, both ends included, written out rather than read from RAIL_LIMITS. */
const LIMITS: Readonly<Record<RailId, readonly [string, string]>> = {
  ACH: ['0.01', '1000000.00'],
  RTP: ['0.01', '1000000.00'],
  WIRE: ['1.00', '10000000.00'],
  SWIFT: ['1.00', '10000000.00'],
  PUSH_TO_CARD: ['1.00', '50000.00'],
  ZELLE: ['0.01', '5000.00'],
  PAYPAL: ['0.01', '60000.00'],
  VENMO: ['0.01', '60000.00'],
};

const cent = Money.of('0.01');

describe('rail limits', () => {
  for (const rail of RAIL_IDS) {
    const [min, max] = LIMITS[rail].map((amount) => Money.of(amount)) as [Money, Money];
    it(`${rail} takes ${min.toString()} to ${max.toString()}, both included, and nothing a cent beyond`, () => {
      expect(withinRailLimit(rail, min), 'the minimum').to.equal(true);
      expect(withinRailLimit(rail, max), 'the maximum').to.equal(true);
      expect(withinRailLimit(rail, min.minus(cent)), 'a cent under').to.equal(false);
      expect(withinRailLimit(rail, max.plus(cent)), 'a cent over').to.equal(false);
      expect(withinRailLimit(rail, Money.ZERO), 'zero').to.equal(false);
    });
  }
});
