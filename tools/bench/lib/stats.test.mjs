import { expect } from 'chai';
import { percentile, summarize } from './stats.mjs';

describe('bench latency statistics', () => {
  it('takes the nearest-rank percentile whatever the order of the samples', () => {
    const samples = [];
    for (let i = 100; i >= 1; i--) samples.push(i);
    expect(percentile(samples, 50)).to.equal(50);
    expect(percentile(samples, 99)).to.equal(99);
    expect(percentile(samples, 100)).to.equal(100);
    expect(percentile(samples, 0)).to.equal(1);
  });

  it('keeps sub-millisecond precision and reports nothing for no samples', () => {
    expect(summarize([0.25, 0.5, 0.75, 1.5])).to.deep.equal({ count: 4, p50: 0.5, p99: 1.5, mean: 0.75 });
    expect(summarize([])).to.deep.equal({ count: 0, p50: null, p99: null, mean: null });
  });
});
