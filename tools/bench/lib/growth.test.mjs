import { expect } from 'chai';
import { countLabel } from './growth.mjs';

describe('bench growth labels', () => {
  it('names stored counts the way the report reads them', () => {
    expect(countLabel(1_000_000)).to.equal('1M');
    expect(countLabel(10_000)).to.equal('10k');
    expect(countLabel(10_500)).to.equal('10.5k');
    expect(countLabel(999)).to.equal('999');
  });
});
