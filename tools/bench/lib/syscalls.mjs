// Read and write system calls of one process over a phase, from /proc/<pid>/io (`syscr`, `syscw`; a writev or a
// send counts as one write). On a virtual machine each socket write costs its writer tens of microseconds of CPU
// (session 25: a quarter of the API's and the worker's profile samples in `writev`), so how many a request or a
// drained withdrawal takes is a figure of its own: one per HTTP response or webhook, plus the pipelines'.
// Beside them, the main thread's context switches (/proc/<pid>/task/<pid>/status): voluntary ones are its waits
// for the event loop's next event, involuntary ones the times the kernel took its core from it while it had work,
// such as a PostgreSQL backend that its own write woke up on the same core.
import { readFileSync } from 'node:fs';

/** `{ reads, writes }` from the text of /proc/<pid>/io. */
export function syscallsFromIo(text) {
  const field = (name) => {
    const match = new RegExp(`^${name}:\\s*(\\d+)$`, 'm').exec(text);
    if (!match) throw new Error(`/proc/<pid>/io has no ${name}`);
    return Number(match[1]);
  };
  return { reads: field('syscr'), writes: field('syscw') };
}

/** `{ voluntary, involuntary }` context switches from the text of /proc/<pid>/task/<tid>/status. */
export function switchesFromStatus(text) {
  const field = (name) => {
    const match = new RegExp(`^${name}_ctxt_switches:\\s*(\\d+)$`, 'm').exec(text);
    if (!match) throw new Error(`status has no ${name}_ctxt_switches`);
    return Number(match[1]);
  };
  return { voluntary: field('voluntary'), involuntary: field('nonvoluntary') };
}

/**
 * Counts a live process's system calls, and its main thread's context switches, from now; `stop(items)` gives
 * each per item.
 */
export function syscallMeter(pid) {
  const now = () => ({
    ...syscallsFromIo(readFileSync(`/proc/${pid}/io`, 'utf8')),
    ...switchesFromStatus(readFileSync(`/proc/${pid}/task/${pid}/status`, 'utf8')),
  });
  const start = now();
  return {
    stop(items) {
      const end = now();
      const per = (key) => Math.round(((end[key] - start[key]) / items) * 100) / 100;
      return {
        readsPerItem: per('reads'),
        writesPerItem: per('writes'),
        voluntarySwitchesPerItem: per('voluntary'),
        involuntarySwitchesPerItem: per('involuntary'),
      };
    },
  };
}

/** One probe line's figures from `syscallMeter(...).stop(items)`: the calls, then the main thread's switches. */
export const describeCalls = (calls) =>
  `${calls.writesPerItem} writes, ${calls.readsPerItem} reads; main thread's context switches ` +
  `${calls.voluntarySwitchesPerItem} voluntary, ${calls.involuntarySwitchesPerItem} involuntary`;
