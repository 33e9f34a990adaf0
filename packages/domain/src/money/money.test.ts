import { expect } from 'chai';
import fc from 'fast-check';
import { JsonNumber, Money } from './money.js';

const json = (text: string) => JsonNumber.of(text);

const centsText = (cents: bigint): string => {
  const sign = cents < 0n ? '-' : '';
  const abs = cents < 0n ? -cents : cents;
  return `${sign}${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`;
};

describe('Money', () => {
  it('adds cent amounts exactly where binary floating point does not', () => {
    expect(0.1 + 0.2).to.not.equal(0.3);
    expect(Money.of('0.10').plus(Money.of('0.20')).toString()).to.equal('0.30');
    expect(Money.sum(Array.from({ length: 10 }, () => Money.of('0.10'))).toString()).to.equal('1.00');
  });

  it('reads any JSON number with at most two decimals to the same cent amount it was written from', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 20n), max: 10n ** 20n }), (cents) => {
        const text = centsText(cents);
        const parsed = Money.fromJsonNumber(json(text));
        expect(parsed.ok).to.equal(true);
        if (parsed.ok) expect(parsed.value.equals(Money.of(text))).to.equal(true);
      }),
      { seed: 912, numRuns: 500 },
    );
  });

  it('refuses numbers with more than two decimals and non-finite numbers', () => {
    expect(Money.fromJsonNumber(json('1.005'))).to.deep.equal({ ok: false, error: 'TOO_PRECISE' });
    expect(Money.fromJsonNumber(json('0.001'))).to.deep.equal({ ok: false, error: 'TOO_PRECISE' });
    expect(Money.fromJsonNumber(json('1e99999999999999999999'))).to.deep.equal({
      ok: false,
      error: 'NOT_FINITE',
    });
    expect(() => Money.of('1.234')).to.throw(/not a cent amount/);
  });

  it('reads the digits a double would lose (the literal, not its nearest double)', () => {
    expect(Money.fromJsonNumber(json('10.0000000000000001'))).to.deep.equal({
      ok: false,
      error: 'TOO_PRECISE',
    });
    expect(Money.fromJsonNumber(json('2.2500000000000000001')).ok).to.equal(false);
    const exact = (text: string) => {
      const parsed = Money.fromJsonNumber(json(text));
      return parsed.ok ? parsed.value.toString() : parsed.error;
    };
    expect(exact('9007199254740993')).to.equal('9007199254740993.00');
    expect(exact('99999999999999999.99')).to.equal('99999999999999999.99');
    expect(exact('1.5e1')).to.equal('15.00');
    expect(exact('10.000')).to.equal('10.00');
    expect(() => JsonNumber.of('0x10')).to.throw(/not a JSON number/);
  });

  it('rounds percentages half-up to the cent', () => {
    expect(Money.of('33.33').percent('1.5').toString()).to.equal('0.50'); // 0.49995
    expect(Money.of('33.00').percent('1.5').toString()).to.equal('0.50'); // 0.495
    expect(Money.of('32.99').percent('1.5').toString()).to.equal('0.49'); // 0.49485
    expect(Money.of('100.00').percent('1.5').toString()).to.equal('1.50');
    // Where half-up and half-even (banker's rounding) part: a half cent after an even cent goes up.
    expect(Money.of('35.00').percent('1.5').toString()).to.equal('0.53'); // 0.525
    expect(Money.of('0.25').percent('50').toString()).to.equal('0.13'); // 0.125
  });

  it('exposes the cents that pick sandbox outcomes, also for negative and whole amounts', () => {
    expect(Money.of('10.91').cents()).to.equal('91');
    expect(Money.of('-3.07').cents()).to.equal('07');
    expect(Money.of('25').cents()).to.equal('00');
  });

  it('compares, orders and formats as the spec writes decimal strings', () => {
    const a = Money.of('5.5');
    const b = Money.of('5.50');
    expect(a.equals(b)).to.equal(true);
    expect(a.compare(Money.of('5.51'))).to.equal(-1);
    expect(Money.max(a, Money.of('0.50')).toString()).to.equal('5.50');
    expect(JSON.stringify({ amount: a })).to.equal('{"amount":"5.50"}');
    expect(Money.of('1234.5').toJsonNumber()).to.equal(1234.5);
    expect(Money.of('0').isZero() && Money.of('-1').isNegative() && a.isPositive()).to.equal(true);
  });
});
