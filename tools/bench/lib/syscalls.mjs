// Read and write system calls of one process over a phase, from /proc/<pid>/io (`syscr`, `syscw`; a writev or a
// send counts as one write). On a virtual machine each socket write costs its writer tens of microseconds of CPU
// (session 25: a quarter of the API's and the worker's profile samples in `writev`), so how many a request or a
// drained withdrawal takes is a figure of its own: one per HTTP response or webhook, plus the pipelines'.
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

/** Counts a live process's system calls from now; `stop(items)` gives reads and writes per item. */
export function syscallMeter(pid) {
  const now = () => syscallsFromIo(readFileSync(`/proc/${pid}/io`, 'utf8'));
  const start = now();
  return {
    stop(items) {
      const end = now();
      const per = (value) => Math.round((value / items) * 100) / 100;
      return { readsPerItem: per(end.reads - start.reads), writesPerItem: per(end.writes - start.writes) };
    },
  };
}
