#!/usr/bin/env node
// CPU of each thread of a running process, by interval: which share is the event loop (MainThread) and which is
// V8's helpers (V8Worker: garbage collection, compilation) or libuv's pool. Used on the worker during a drain
// (session 21: its main thread was about half busy, the helpers a third), where a profile of the process alone
// cannot tell a saturated event loop from a busy process.
//   node tools/bench/thread-cpu.mjs [--match start-worker.js] [--interval 500]
// Waits for a process whose command line has an argument ending in `--match`, prints one line per interval
// (seconds since it was found, then milliseconds by thread name), and the totals when the process exits or on ^C.
import { readdirSync, readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { threadCpuMs } from './lib/cpu.mjs';

const { values } = parseArgs({
  options: {
    match: { type: 'string', default: 'start-worker.js' },
    interval: { type: 'string', default: '500' },
  },
});
const intervalMs = Number(values.interval);

function findPid() {
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry) || Number(entry) === process.pid) continue;
    try {
      const argv = readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0');
      if (argv.some((arg) => arg.endsWith(values.match))) return entry;
    } catch {
      // gone meanwhile
    }
  }
  return null;
}

const totals = new Map();
let pid = null;
let previous = new Map();
let startedAt = 0;

function printTotals() {
  const line = [...totals].map(([name, ms]) => `${name}=${ms}`).join(' ');
  process.stdout.write(`total ms: ${line}\n`);
}

const timer = setInterval(() => {
  if (pid === null) {
    pid = findPid();
    if (pid === null) return;
    previous = threadCpuMs(pid);
    startedAt = Date.now();
    process.stdout.write(`process ${pid}\n`);
    return;
  }
  const current = threadCpuMs(pid);
  if (current.size === 0) {
    clearInterval(timer);
    printTotals();
    return;
  }
  const byName = new Map();
  for (const [tid, { name, ms }] of current) {
    const delta = ms - (previous.get(tid)?.ms ?? 0);
    if (delta > 0) byName.set(name, (byName.get(name) ?? 0) + delta);
  }
  for (const [name, ms] of byName) totals.set(name, (totals.get(name) ?? 0) + ms);
  previous = current;
  const line = [...byName].map(([name, ms]) => `${name}=${ms}`).join(' ');
  process.stdout.write(`${((Date.now() - startedAt) / 1000).toFixed(1)}s ${line}\n`);
}, intervalMs);

process.once('SIGINT', () => {
  clearInterval(timer);
  printTotals();
  process.exit(0);
});
