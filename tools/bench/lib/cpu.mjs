// CPU time spent during a phase, from /proc: by the measured process, by the PostgreSQL backends serving the
// phase's database, and by the whole machine. On a shared machine the throughput figures move with whatever
// else runs; CPU milliseconds per request do not, and show which side (Node or PostgreSQL) bounds a phase.
import { readdirSync, readFileSync } from 'node:fs';

const TICK_MS = 10; // USER_HZ is 100 on Linux

/** utime + stime of one process in ms, from a /proc/<pid>/stat line (the command may contain spaces). */
export function cpuMsFromStat(stat) {
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
}

/** The thread or process name of a /proc stat line: what the kernel shows between the first '(' and the last ')'. */
export function nameFromStat(stat) {
  return stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
}

/**
 * CPU ms by thread id of one process, with each thread's name (Node's `MainThread`, V8's `V8Worker` helpers for
 * garbage collection and compilation, libuv's `libuv-worker`…), from /proc/<pid>/task; empty once it has exited.
 */
export function threadCpuMs(pid) {
  const threads = new Map();
  let tids = [];
  try {
    tids = readdirSync(`/proc/${pid}/task`);
  } catch {
    return threads;
  }
  for (const tid of tids) {
    const stat = read(`/proc/${pid}/task/${tid}/stat`);
    if (stat !== null) threads.set(tid, { name: nameFromStat(stat), ms: cpuMsFromStat(stat) });
  }
  return threads;
}

function read(path) {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return null;
  }
}

export function processCpuMs(pid) {
  const stat = read(`/proc/${pid}/stat`);
  return stat === null ? 0 : cpuMsFromStat(stat);
}

/**
 * CPU by pid of every backend whose title names `database` ("postgres: 15/main: user database host(port) state").
 * `seen` (pid → whether it is such a backend) spares reading the title of a process already looked at: a meter
 * samples every 200 ms, and reading a busy backend's title takes its memory map's lock (the sampler cost the bench
 * process a tenth of a core during pgbench, session 24). A backend's database does not change, and a meter lives
 * for one phase, far shorter than the kernel takes to reuse a pid. A PostgreSQL process not (yet) naming the
 * database is not remembered: a backend just forked still has the postmaster's command line until it has read its
 * connection's start-up packet, and remembering it then lost its CPU for the rest of the phase.
 */
export function postgresBackends(database, seen = new Map()) {
  const backends = new Map();
  if (!database) return backends;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let ours = seen.get(entry);
    if (ours === undefined) {
      const title = read(`/proc/${entry}/cmdline`);
      if (title === null) continue;
      ours = title.startsWith('postgres: ') && title.split(' ').includes(database);
      if (ours || !title.includes('postgres')) seen.set(entry, ours);
    }
    if (ours) backends.set(entry, processCpuMs(entry));
  }
  return backends;
}

/** Busy and total jiffies of the machine, from the first line of /proc/stat, in ms. */
export function machineCpuMs(procStat = read('/proc/stat') ?? '') {
  const values = procStat.split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
  const total = values.slice(0, 8).reduce((sum, value) => sum + value, 0) * TICK_MS;
  const idle = ((values[3] ?? 0) + (values[4] ?? 0)) * TICK_MS;
  return { busy: total - idle, total };
}

/**
 * Starts counting; `stop(requests)` returns the CPU each side spent, per request too. Backends are sampled
 * while the meter runs because a client that disconnects takes its backends' counters with it.
 */
export function cpuMeter({ pids, database }) {
  const own = process.cpuUsage();
  const seen = new Map();
  const initial = postgresBackends(database, seen);
  const latest = new Map(initial);
  const sample = () => {
    for (const [pid, ms] of postgresBackends(database, seen)) latest.set(pid, ms);
  };
  const sampler = setInterval(sample, 200);
  sampler.unref();
  const start = { service: pids.reduce((sum, pid) => sum + processCpuMs(pid), 0), machine: machineCpuMs() };
  return {
    stop(requests) {
      clearInterval(sampler);
      sample();
      const service = pids.reduce((sum, pid) => sum + processCpuMs(pid), 0) - start.service;
      let postgres = 0;
      for (const [pid, ms] of latest) postgres += ms - (initial.get(pid) ?? 0);
      const machine = machineCpuMs();
      const busy = machine.busy - start.machine.busy;
      const ownUsage = process.cpuUsage(own);
      const loadTool = (ownUsage.user + ownUsage.system) / 1000;
      const per = (ms) => (requests > 0 ? Math.round((ms / requests) * 1000) / 1000 : null);
      return {
        serviceMs: service,
        postgresMs: postgres,
        loadToolMs: Math.round(loadTool),
        otherMs: Math.max(0, Math.round(busy - service - postgres - loadTool)),
        machineBusyPct: Math.round((busy / Math.max(1, machine.total - start.machine.total)) * 100),
        servicePerRequestMs: per(service),
        postgresPerRequestMs: per(postgres),
        // Every process on the machine (service, PostgreSQL, load tool, others): what one request costs the cores.
        machinePerRequestMs: per(busy),
      };
    },
  };
}
