// Baseline 3: how long this machine's disk takes to make one small write durable, on the filesystem PostgreSQL
// writes to. Every commit waits for a flush of the WAL, so a stall of the disk holds every commit in flight, the
// service's and pgbench's alike, and shows in both p99s (session 27: flushes of 100–300 ms in some stretches, none
// in 30 s in others). Measured alone, before pgbench, as the loop PostgreSQL's WAL writer runs: an 8 kB page
// written, then `fdatasync`.
import { statSync } from 'node:fs';
import { open, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { at, row } from './report-row.mjs';
import { summarize } from './stats.mjs';

const PAGE = Buffer.alloc(8192, 0x5a);
/** Pages are rewritten in a ring of one WAL segment's size, so the file stays small. */
const RING_BYTES = 16 * 1024 * 1024;
/** A flush slower than this holds every commit in flight past a whole withdrawal's usual latency. */
export const STALL_MS = 50;

/**
 * Where to measure: beside PostgreSQL's data directory (its parent, when on the same filesystem, so that nothing
 * is written inside the server's own directory), or null with the reason when this machine cannot reach it (a
 * remote server, a setting this user may not read).
 */
export function flushDirectory(dataDirectory) {
  if (!dataDirectory)
    return { dir: null, reason: "PostgreSQL's data directory is not readable to this user" };
  try {
    const data = statSync(dataDirectory);
    const parent = dirname(dataDirectory);
    return { dir: statSync(parent).dev === data.dev ? parent : dataDirectory };
  } catch {
    return { dir: null, reason: `${dataDirectory} is not on this machine` };
  }
}

/** Flush latencies in ms summarized: p50, p99, mean, the longest, and the stalls over STALL_MS per minute. */
export function describeFlushes(latencies, seconds) {
  const stalls = latencies.filter((latency) => latency > STALL_MS).length;
  const longest = latencies.length ? latencies.reduce((a, b) => Math.max(a, b)) : null;
  return {
    seconds,
    latencyMs: { ...summarize(latencies), max: at(longest) },
    stalls,
    stallsPerMinute: (stalls * 60) / seconds,
  };
}

/** Writes and flushes 8 kB pages in `dir` for `seconds`, then removes its file. */
export async function measureDiskFlush({ dir, seconds, onProgress }) {
  const file = join(dir, `bench-disk-flush-${process.pid}.tmp`);
  const handle = await open(file, 'w', 0o600);
  const latencies = [];
  try {
    const started = performance.now();
    const end = started + seconds * 1000;
    let offset = 0;
    let reported = started;
    for (let now = started; now < end; ) {
      await handle.write(PAGE, 0, PAGE.length, offset);
      offset = (offset + PAGE.length) % RING_BYTES;
      const before = performance.now();
      await handle.datasync();
      now = performance.now();
      latencies.push(now - before);
      if (now - reported >= 250) {
        reported = now;
        onProgress?.((now - started) / (seconds * 1000), `${latencies.length} flushes`);
      }
    }
  } finally {
    await handle.close();
    await rm(file, { force: true });
  }
  return { dir, ...describeFlushes(latencies, seconds) };
}

/** The report's rows: the flush's p99 and longest, and its stalls per minute; none where it was not measured. */
export function diskFlushRows(flush) {
  if (!flush?.latencyMs) return [];
  const name = `Disk flush where PostgreSQL writes (8 kB + fdatasync, ${flush.seconds} s alone)`;
  return [
    row(`${name}: p99`, flush.latencyMs.p99, 'ms', null, null, null),
    row(`${name}: longest`, flush.latencyMs.max, 'ms', null, null, null),
    row(`${name}: over ${STALL_MS} ms, per minute`, flush.stallsPerMinute, '/min', null, null, null),
  ];
}
