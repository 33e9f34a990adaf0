import { spawn } from 'node:child_process';
import { expect } from 'chai';
import { cpuMeter, cpuMsFromStat, familyCpuMs, machineCpuMs, parentFromStat } from './cpu.mjs';

describe('bench CPU accounting', () => {
  it('reads utime, stime and the parent after the command, even when the command has spaces and parentheses', () => {
    const stat = '4242 (postgres: 18/main (x) db) S 17 4242 4242 0 -1 4194560 100 0 0 0 250 37 0 0 20 0 1 0';
    expect(cpuMsFromStat(stat)).to.equal((250 + 37) * 10);
    expect(parentFromStat(stat)).to.equal(17);
  });

  it('counts idle and iowait as not busy, and time stolen by the hypervisor apart', () => {
    const procStat = 'cpu  100 5 50 800 40 3 2 7 0 0\ncpu0 50 2 25 400 20 1 1 3 0 0\n';
    expect(machineCpuMs(procStat)).to.deep.equal({
      busy: (100 + 5 + 50 + 3 + 2) * 10,
      steal: 7 * 10,
      total: 1007 * 10,
    });
  });

  it('finds a process and its children, and skips next time what it found not to be one', async () => {
    const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 5000)']);
    try {
      await new Promise((resolve) => child.once('spawn', resolve));
      const seen = new Set();
      const family = familyCpuMs(process.pid, seen);
      expect([...family.keys()]).to.include.members([String(process.pid), String(child.pid)]);
      expect(seen.has('1'), 'init, looked at and not a child').to.equal(true);
      expect(seen.has(String(child.pid))).to.equal(false);
    } finally {
      child.kill();
    }
  });

  it('gives each named process its CPU per item', () => {
    const meter = cpuMeter({ pids: { bench: process.pid } });
    const until = Date.now() + 50;
    while (Date.now() < until);
    const { ms, perItemMs } = meter.stop(10);
    expect(ms.bench).to.be.at.least(0);
    expect(perItemMs.bench).to.equal(Math.round((ms.bench / 10) * 1000) / 1000);
    expect(perItemMs.machine).to.be.a('number');
  });
});
