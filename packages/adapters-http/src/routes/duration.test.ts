import { Ajv } from 'ajv';
import { expect } from 'chai';
import { DURATION_PATTERN } from '../schemas/reconciliation.schemas.js';
import { durationSeconds } from './duration.js';

const accepted = new Ajv().compile({ type: 'string', pattern: DURATION_PATTERN });

describe('durations of the olderThan filter', () => {
  it('reads days, hours, minutes and seconds', () => {
    expect(['P1D', 'PT12H', 'P2DT6H30M', 'PT90S', 'PT0S'].map(durationSeconds)).to.deep.equal([
      86_400,
      43_200,
      2 * 86_400 + 6 * 3600 + 30 * 60,
      90,
      0,
    ]);
    for (const duration of ['P1D', 'PT12H', 'P2DT6H30M', 'PT90S']) expect(accepted(duration)).to.equal(true);
  });

  it('refuses what is no such duration: empty, a bare T, months, years, weeks, fractions, lower case', () => {
    for (const bad of ['', 'P', 'PT', 'P1M', 'P1Y', 'P1W', 'PT1.5H', 'p1d', '1D', 'P1DT', '86400'])
      expect(accepted(bad), bad).to.equal(false);
  });
});
