#!/usr/bin/env node
// Where a V8 CPU profile (from `npm run bench -- --cpu-prof`) spent its time: self time by package and by
// function, idle excluded from the percentages so they answer "what is the CPU doing when it is busy".
//   node tools/bench/profile-summary.mjs tools/bench/results/profiles/CPU.<…>.cpuprofile [--top 25]
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

/** Self time in ms by owner and by function, from the profile's nodes and sample deltas. */
export function summarizeProfile(profile) {
  const selfMs = new Map();
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  profile.samples.forEach((id, index) => {
    selfMs.set(id, (selfMs.get(id) ?? 0) + (profile.timeDeltas[index] ?? 0) / 1000);
  });
  const owners = new Map();
  const functions = new Map();
  let idle = 0;
  let busy = 0;
  for (const [id, ms] of selfMs) {
    const { functionName, url, lineNumber } = byId.get(id).callFrame;
    if (functionName === '(idle)') {
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

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { top: { type: 'string', default: '25' } },
  });
  const top = Number(values.top);
  for (const file of positionals) {
    const summary = summarizeProfile(JSON.parse(readFileSync(file, 'utf8')));
    const pct = (share) => `${(share * 100).toFixed(1).padStart(5)}%`;
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
