import { expect } from 'chai';
import { callgrindTotal } from './callgrind.mjs';

describe('bench instruction counts', () => {
  it('reads the instructions from the totals line of a dump, not from its summary or its cost lines', () => {
    const dump = [
      '# callgrind format',
      'version: 1',
      'events: Ir',
      'summary: 999',
      'fn=(1) main',
      '15 12345',
      'totals: 544038980',
      '',
    ].join('\n');
    expect(callgrindTotal(dump)).to.equal(544038980);
  });

  it('refuses a file with no totals line rather than count it as none', () => {
    expect(() => callgrindTotal('events: Ir\nsummary: 0\n')).to.throw(/no totals line/);
  });
});
