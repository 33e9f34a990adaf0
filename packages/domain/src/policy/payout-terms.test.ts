import { expect } from 'chai';
import { Money } from '../money/money.js';
import { RAIL_IDS, type RailId } from '../rails/rail-id.js';
import { DEFAULT_APPROVAL_THRESHOLD, feeFor, requiresApproval, withinRailLimit } from './payout-terms.js';

describe('fee schedule (docs/product.md §5)', () => {
  it('charges push-to-card 1.5 % rounded half-up above its 0.50 minimum', () => {
    expect(feeFor('PUSH_TO_CARD', Money.of('35.00')).toString()).to.equal('0.53'); // 0.525
    expect(feeFor('PUSH_TO_CARD', Money.of('1000.00')).toString()).to.equal('15.00');
  });

  it('charges push-to-card its 0.50 minimum below it', () => {
    expect(feeFor('PUSH_TO_CARD', Money.of('10.00')).toString()).to.equal('0.50'); // 0.15
  });

  it('charges the flat fee of each other rail whatever the amount', () => {
    const flat = {
      ACH: '0.25',
      RTP: '1.00',
      WIRE: '15.00',
      SWIFT: '25.00',
      ZELLE: '0.00',
      PAYPAL: '1.00',
    } as const;
    for (const [rail, fee] of Object.entries(flat))
      expect(feeFor(rail as keyof typeof flat, Money.of('1234.56')).toString(), rail).to.equal(fee);
  });

  it('applies a merchant override instead of the default', () => {
    const overrides = { PUSH_TO_CARD: { type: 'PERCENT', rate: '2', minimum: '1.00' } } as const;
    expect(feeFor('PUSH_TO_CARD', Money.of('100.00'), overrides).toString()).to.equal('2.00');
    expect(feeFor('ACH', Money.of('100.00'), { ACH: { type: 'FLAT', amount: '0.10' } }).toString()).to.equal(
      '0.10',
    );
  });
});

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

describe('approval threshold (docs/product.md §5)', () => {
  it('holds an amount at the threshold or above it for an operator, and passes one a cent below', () => {
    const threshold = Money.of('500.00');
    expect(requiresApproval(threshold, threshold), 'at it').to.equal(true);
    expect(requiresApproval(threshold.plus(cent), threshold), 'a cent above').to.equal(true);
    expect(requiresApproval(threshold.minus(cent), threshold), 'a cent below').to.equal(false);
  });

  it('defaults to 10,000.00', () => {
    expect(DEFAULT_APPROVAL_THRESHOLD.toString()).to.equal('10000.00');
  });
});
