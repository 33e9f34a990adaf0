#!/usr/bin/env node
// Where a V8 CPU profile (from `npm run bench -- --cpu-prof`) spent its time: self time by package and by
// function, idle excluded from the percentages so they answer "what is the CPU doing when it is busy".
//   node tools/bench/profile-summary.mjs tools/bench/results/profiles/CPU.<…>.cpuprofile [--top 25]
//     [--timeline]               busy ms in each second of the profile, to find a bench phase's window
//     [--from <s>] [--to <s>]    only the samples in that window (seconds since the profile started)
//     [--inclusive <regex>]      time inside each function whose script matches (its callees included), such as
//                                'packages/' for our own code: which step of a request costs what
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';

/** Groups a call frame's script by who owns it: a package, a workspace package, Node itself, or V8. */
export function ownerOf(url, functionName) {
  if (!url) return functionName.startsWith('(') ? functionName : '(native)';
  const pkg = url.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/);
  if (pkg) return pkg[1];
  const workspace = url.match(/packages\/([^/]+)\//);
  if (workspace) return `@payout/${workspace[1]}`;
  if (url.startsWith('node:')) return 'node';
  return url;
}

/**
 * A frame as `function script:line`, the script from its package on (ES modules come as file:// URLs, CommonJS ones
 * as plain paths).
 */
export function frameName({ functionName, url, lineNumber }) {
  const where = url ? ` ${url.replace(/^.*?(?:node_modules|packages)\//, '')}:${lineNumber + 1}` : '';
  return `${functionName || '(anonymous)'}${where}`;
}

/** Each sample's node id, its time since the profile started and its duration, in ms. */
function samplesOf(profile) {
  let at = 0;
  return profile.samples.map((id, index) => {
    const ms = (profile.timeDeltas[index] ?? 0) / 1000;
    at += ms;
    return { id, at, ms };
  });
}

const isIdle = (byId, id) => byId.get(id).callFrame.functionName === '(idle)';

/**
 * Self time in ms by owner and by function, from the profile's nodes and sample deltas; with `window`, only the
 * samples taken from `fromMs` to `toMs` after the profile started.
 */
export function summarizeProfile(profile, window = { fromMs: 0, toMs: Number.POSITIVE_INFINITY }) {
  const selfMs = new Map();
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  for (const { id, at, ms } of samplesOf(profile)) {
    if (at < window.fromMs || at > window.toMs) continue;
    selfMs.set(id, (selfMs.get(id) ?? 0) + ms);
  }
  const owners = new Map();
  const functions = new Map();
  let idle = 0;
  let busy = 0;
  for (const [id, ms] of selfMs) {
    const { functionName, url, lineNumber } = byId.get(id).callFrame;
    if (isIdle(byId, id)) {
      idle += ms;
      continue;
    }
    busy += ms;
    const owner = ownerOf(url, functionName);
    owners.set(owner, (owners.get(owner) ?? 0) + ms);
    const name = `${functionName || '(anonymous)'} ${url ? `${url.replace(/^file:\/\/.*?node_modules\//, '')}:${lineNumber + 1}` : ''}`;
    functions.set(name, (functions.get(name) ?? 0) + ms);
  }
  const sorted = (map) =>
    [...map].sort((a, b) => b[1] - a[1]).map(([name, ms]) => ({ name, ms, share: ms / busy }));
  return { idleMs: idle, busyMs: busy, owners: sorted(owners), functions: sorted(functions) };
}

/**
 * Busy ms spent inside each function whose script URL matches `filter`, its callees included (a recursive
 * function counted once per sample), from `fromMs` to `toMs`, largest first, with each one's share of the busy time.
 */
export function inclusiveTimes(profile, filter, window = { fromMs: 0, toMs: Number.POSITIVE_INFINITY }) {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const inside = new Map();
  let busy = 0;
  for (const { id, at, ms } of samplesOf(profile)) {
    if (at < window.fromMs || at > window.toMs || isIdle(byId, id)) continue;
    busy += ms;
    const seen = new Set();
    for (let frame = id; frame !== undefined; frame = parent.get(frame)) {
      const { callFrame } = byId.get(frame);
      if (!callFrame.url || !filter.test(callFrame.url)) continue;
      const name = frameName(callFrame);
      if (seen.has(name)) continue;
      seen.add(name);
      inside.set(name, (inside.get(name) ?? 0) + ms);
    }
  }
  return [...inside].sort((a, b) => b[1] - a[1]).map(([name, ms]) => ({ name, ms, share: ms / busy }));
}

/** Busy ms in each whole second of the profile: where the bench's phases start and end. */
export function busyTimeline(profile) {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const seconds = [];
  for (const { id, at, ms } of samplesOf(profile)) {
    const second = Math.floor(at / 1000);
    while (seconds.length <= second) seconds.push(0);
    if (!isIdle(byId, id)) seconds[second] += ms;
  }
  return seconds;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      top: { type: 'string', default: '25' },
      timeline: { type: 'boolean', default: false },
      from: { type: 'string', default: '0' },
      to: { type: 'string', default: 'Infinity' },
      inclusive: { type: 'string' },
    },
  });
  const top = Number(values.top);
  const window = { fromMs: Number(values.from) * 1000, toMs: Number(values.to) * 1000 };
  for (const file of positionals) {
    const profile = JSON.parse(readFileSync(file, 'utf8'));
    if (values.timeline) {
      const line = busyTimeline(profile).map((ms, second) => `${second}s ${Math.round(ms)}`);
      process.stdout.write(`${file}\nbusy ms per second: ${line.join(', ')}\n\n`);
      continue;
    }
    const pct = (share) => `${(share * 100).toFixed(1).padStart(5)}%`;
    if (values.inclusive) {
      process.stdout.write(
        `${file}\ninclusive share of the busy time, scripts matching ${values.inclusive}:\n`,
      );
      for (const row of inclusiveTimes(profile, new RegExp(values.inclusive), window).slice(0, top))
        process.stdout.write(`${pct(row.share)}  ${row.name}\n`);
      process.stdout.write('\n');
      continue;
    }
    const summary = summarizeProfile(profile, window);
    process.stdout.write(
      `${file}\nbusy ${Math.round(summary.busyMs)} ms, idle ${Math.round(summary.idleMs)} ms\n\nby owner:\n`,
    );
    for (const row of summary.owners.slice(0, top)) process.stdout.write(`${pct(row.share)}  ${row.name}\n`);
    process.stdout.write('\nby function (self):\n');
    for (const row of summary.functions.slice(0, top))
      process.stdout.write(`${pct(row.share)}  ${row.name}\n`);
    process.stdout.write('\n');
  }
}
