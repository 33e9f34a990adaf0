import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { describeFlushes, diskFlushRows, flushDirectory, measureDiskFlush } from './disk-flush.mjs';

describe('bench disk flush baseline', () => {
  let dir;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'bench-flush-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('counts the flushes over 50 ms as stalls, per minute of the measured seconds', () => {
    const flushes = describeFlushes([0.1, 0.2, 50, 50.5, 298], 30);
    expect(flushes.stalls).to.equal(2);
    expect(flushes.stallsPerMinute).to.equal(4);
    expect(flushes.latencyMs.max).to.equal(298);
    expect(flushes.latencyMs.count).to.equal(5);
  });

  it('summarizes the hundreds of thousands of flushes a fast disk makes in 30 s', () => {
    const latencies = Array.from({ length: 400_000 }, (_, n) => (n === 123_456 ? 250 : 0.1));
    const flushes = describeFlushes(latencies, 30);
    expect(flushes.latencyMs.max).to.equal(250);
    expect(flushes.stalls).to.equal(1);
  });

  it('flushes pages in the directory for the seconds asked, and leaves no file behind', async () => {
    const progress = [];
    const flush = await measureDiskFlush({ dir, seconds: 0.3, onProgress: (share) => progress.push(share) });
    expect(flush.dir).to.equal(dir);
    expect(flush.latencyMs.count).to.be.greaterThan(0);
    expect(flush.latencyMs.p50).to.be.at.most(flush.latencyMs.p99);
    expect(flush.latencyMs.p99).to.be.at.most(flush.latencyMs.max);
    expect(progress.every((share) => share > 0 && share <= 1)).to.equal(true);
    expect(readdirSync(dir)).to.deep.equal([]);
  });

  it('measures beside the data directory when its parent is on the same filesystem, and says why it cannot', () => {
    const data = join(dir, 'main');
    expect(flushDirectory(dir).dir).to.equal(join(dir, '..'));
    expect(flushDirectory(data)).to.deep.equal({ dir: null, reason: `${data} is not on this machine` });
    expect(flushDirectory(null).dir).to.equal(null);
  });

  it('gives three rows from a measurement and none without one', () => {
    const rows = diskFlushRows({ seconds: 10, ...describeFlushes([1, 2, 80], 10) });
    expect(rows.map((each) => each.value)).to.deep.equal([80, 80, 6]);
    expect(rows[0].figure).to.match(/p99/);
    expect(diskFlushRows({ dir: null, reason: 'remote' })).to.deep.equal([]);
    expect(diskFlushRows(undefined)).to.deep.equal([]);
  });
});
