import { expect } from 'chai';
import { TimeOrderedUuidGenerator } from '../system/time-ordered-uuid-generator.js';
import { addMonths, monthBound, monthLabel, monthOf, monthRange, parseMonth } from './months.js';

describe('months of UUIDv7 keys', () => {
  it('bounds a month by the smallest UUIDv7 of its first millisecond', () => {
    const december = { year: 2026, month: 12 };
    expect(monthBound(december)).to.equal(
      `${Date.UTC(2026, 11, 1)
        .toString(16)
        .padStart(12, '0')
        .replace(/^(.{8})/, '$1-')}-0000-0000-000000000000`,
    );
    const idAt = (iso: string) => new TimeOrderedUuidGenerator(() => Date.parse(iso)).next();
    const { from, to } = monthRange(december);
    // uuids compare byte by byte: as lower-case text, in the same order.
    expect(idAt('2026-11-30T23:59:59.999Z') < from).to.equal(true);
    expect(idAt('2026-12-01T00:00:00.000Z') >= from).to.equal(true);
    expect(idAt('2026-12-31T23:59:59.999Z') < to).to.equal(true);
    expect(idAt('2027-01-01T00:00:00.000Z') >= to).to.equal(true);
  });

  it('counts months across years, and reads and prints them as YYYY-MM', () => {
    expect(addMonths({ year: 2026, month: 11 }, 3)).to.deep.equal({ year: 2027, month: 2 });
    expect(addMonths({ year: 2026, month: 1 }, -13)).to.deep.equal({ year: 2024, month: 12 });
    expect(monthOf(new Date('2027-02-28T23:59:59Z'))).to.deep.equal({ year: 2027, month: 2 });
    expect(monthLabel({ year: 2026, month: 3 })).to.equal('2026-03');
    expect(parseMonth('2026-03')).to.deep.equal({ year: 2026, month: 3 });
    for (const bad of ['2026-13', '2026-00', '2026-3', '26-03', '2026-03-01'])
      expect(parseMonth(bad), bad).to.equal(null);
  });
});
