import { closeSync, openSync, writeSync } from 'node:fs';
import { expect } from 'chai';
import { syscallMeter, syscallsFromIo } from './syscalls.mjs';

describe('bench system call counts', () => {
  it('reads syscr and syscw from /proc/<pid>/io, not the byte counts beside them', () => {
    const io = 'rchar: 900\nwchar: 800\nsyscr: 12\nsyscw: 7\nread_bytes: 4096\nwrite_bytes: 0\n';
    expect(syscallsFromIo(io)).to.deep.equal({ reads: 12, writes: 7 });
    expect(() => syscallsFromIo('rchar: 1\n')).to.throw(/syscr/);
  });

  it('counts the writes a process makes between start and stop, per item', () => {
    const meter = syscallMeter(process.pid);
    const fd = openSync('/dev/null', 'w');
    for (let n = 0; n < 40; n += 1) writeSync(fd, 'x');
    closeSync(fd);
    const { writesPerItem } = meter.stop(10);
    // The forty writes, and none of mocha's: nothing else runs between start and stop.
    expect(writesPerItem).to.be.within(4, 4.5);
  });
});
