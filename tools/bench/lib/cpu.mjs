// CPU time spent during a phase, from /proc: by each service process, by the bench's PostgreSQL server (the
// postmaster and every process it forked: backends, autovacuum, WAL writer, checkpointer) and by the whole
// machine. On a shared machine rates move with whatever else runs; CPU milliseconds per withdrawal move less (a
// busy neighbour still slows every instruction through the caches it shares), and show which process a withdrawal
// costs most.
import { readdirSync, readFileSync } from 'node:fs';

const TICK_MS = 10; // USER_HZ is 100 on Linux

function read(path) {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return null;
  }
}

/** The fields after the command of a /proc/<pid>/stat line (the command may contain spaces and parentheses). */
const fieldsOf = (stat) => stat.slice(stat.lastIndexOf(')') + 2).split(' ');

/** utime + stime of one process in ms, from a /proc/<pid>/stat line. */
export const cpuMsFromStat = (stat) => {
  const fields = fieldsOf(stat);
  return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
};

export const parentFromStat = (stat) => Number(fieldsOf(stat)[1]);

function processCpuMs(pid) {
  const stat = read(`/proc/${pid}/stat`);
  return stat === null ? 0 : cpuMsFromStat(stat);
}

/**
 * CPU ms by pid of `parent` and its children. `seen` remembers the processes found not to be its children (a
 * parent never changes, and a meter lives far shorter than the kernel takes to reuse a pid), so a sample reads
 * only the server's own processes and those new since the last one.
 */
export function familyCpuMs(parent, seen = new Set()) {
  const family = new Map([[String(parent), processCpuMs(parent)]]);
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry) || seen.has(entry)) continue;
    const stat = read(`/proc/${entry}/stat`);
    if (stat === null) continue;
    if (parentFromStat(stat) === parent) family.set(entry, cpuMsFromStat(stat));
    else seen.add(entry);
  }
  return family;
}

/**
 * Busy, stolen and total jiffies of the machine, from the first line of /proc/stat, in ms. Stolen time (a virtual
 * machine's CPU given to another guest by the hypervisor) is neither busy nor idle here: no process of this
 * machine did work in it, and it moves with the neighbours, not with the code measured.
 */
export function machineCpuMs(procStat = read('/proc/stat') ?? '') {
  const values = procStat.split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
  const total = values.slice(0, 8).reduce((sum, value) => sum + value, 0) * TICK_MS;
  const idle = ((values[3] ?? 0) + (values[4] ?? 0)) * TICK_MS;
  const steal = (values[7] ?? 0) * TICK_MS;
  return { busy: total - idle - steal, steal, total };
}

/**
 * Starts counting the processes of `pids` (name → pid) and of the PostgreSQL server whose postmaster is
 * `postgresPid`; `stop(count)` returns each one's CPU ms, per item of `count` too. The server's processes are
 * sampled while the meter runs: a backend that exits (a pooled connection is replaced every 10–15 s) takes its
 * counters with it.
 */
export function cpuMeter({ pids, postgresPid }) {
  const seen = new Set();
  const initial = postgresPid ? familyCpuMs(postgresPid, seen) : new Map();
  const latest = new Map(initial);
  const sample = () => {
    if (postgresPid) for (const [pid, ms] of familyCpuMs(postgresPid, seen)) latest.set(pid, ms);
  };
  const sampler = setInterval(sample, 200);
  sampler.unref();
  const start = Object.fromEntries(Object.entries(pids).map(([name, pid]) => [name, processCpuMs(pid)]));
  const machineStart = machineCpuMs();
  return {
    stop(count) {
      clearInterval(sampler);
      sample();
      const ms = Object.fromEntries(
        Object.entries(pids).map(([name, pid]) => [name, processCpuMs(pid) - start[name]]),
      );
      if (postgresPid) {
        ms.postgres = 0;
        for (const [pid, now] of latest) ms.postgres += now - (initial.get(pid) ?? 0);
      }
      const machine = machineCpuMs();
      ms.machine = machine.busy - machineStart.busy;
      const total = Math.max(1, machine.total - machineStart.total);
      const per = (value) => (count > 0 ? Math.round((value / count) * 1000) / 1000 : null);
      return {
        ms,
        perItemMs: Object.fromEntries(Object.entries(ms).map(([name, value]) => [name, per(value)])),
        machineBusyPct: Math.round((ms.machine / total) * 100),
        stolenPct: Math.round(((machine.steal - machineStart.steal) / total) * 100),
      };
    },
  };
}
