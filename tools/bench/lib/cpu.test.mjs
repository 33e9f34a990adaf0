import { expect } from 'chai';
import { cpuMsFromStat, machineCpuMs } from './cpu.mjs';

describe('bench CPU accounting', () => {
  it('reads utime and stime after the command, even when the command has spaces and parentheses', () => {
    const stat = '4242 (postgres: 15/main (x) db) S 1 4242 4242 0 -1 4194560 100 0 0 0 250 37 0 0 20 0 1 0';
    expect(cpuMsFromStat(stat)).to.equal((250 + 37) * 10);
  });

  it('counts idle and iowait as not busy', () => {
    const procStat = 'cpu  100 5 50 800 40 3 2 0 0 0\ncpu0 50 2 25 400 20 1 1 0 0 0\n';
    expect(machineCpuMs(procStat)).to.deep.equal({ busy: (100 + 5 + 50 + 3 + 2) * 10, total: 1000 * 10 });
  });
});
