import { closeSync, openSync, writeSync } from 'node:fs';
import { expect } from 'chai';
import { describeCalls, switchesFromStatus, syscallMeter, syscallsFromIo } from './syscalls.mjs';

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

  it('reads the voluntary and involuntary context switches from a thread status, each by its own name', () => {
    const status = 'Name:\tnode\nvoluntary_ctxt_switches:\t150\nnonvoluntary_ctxt_switches:\t9\n';
    expect(switchesFromStatus(status)).to.deep.equal({ voluntary: 150, involuntary: 9 });
    expect(() => switchesFromStatus('Name:\tnode\nvoluntary_ctxt_switches:\t1\n')).to.throw(/nonvoluntary/);
  });

  it("counts the main thread's voluntary switches while it sleeps, per item", async () => {
    const meter = syscallMeter(process.pid);
    for (let n = 0; n < 20; n += 1) await new Promise((resolve) => setTimeout(resolve, 2));
    const { voluntarySwitchesPerItem } = meter.stop(10);
    // Each of the twenty timers puts the thread to sleep in epoll_wait at least once.
    expect(voluntarySwitchesPerItem).to.be.at.least(2);
  });

  it('describes the calls and the switches per item in one line, each figure by its own name', () => {
    const line = describeCalls({
      writesPerItem: 1.6,
      readsPerItem: 2.1,
      voluntarySwitchesPerItem: 0.3,
      involuntarySwitchesPerItem: 0.4,
    });
    expect(line).to.equal(
      "1.6 writes, 2.1 reads; main thread's context switches 0.3 voluntary, 0.4 involuntary",
    );
  });
});
