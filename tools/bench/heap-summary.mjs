#!/usr/bin/env node
// Where a sampling heap profile (heap-sampler.mjs) says the bytes were allocated: by package and by function, as
// a share of the whole and per unit of work when `--per` gives how many (withdrawals, lookups) the phase did.
//   node tools/bench/heap-summary.mjs <file.heapprofile> [--per 5000] [--top 25]
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { frameName, ownerOf } from './profile-summary.mjs';

/** Self bytes by owner and by function over the profile's tree, largest first, with each one's share. */
export function summarizeAllocations(profile) {
  const owners = new Map();
  const functions = new Map();
  let total = 0;
  const add = (map, key, bytes) => map.set(key, (map.get(key) ?? 0) + bytes);
  const stack = [profile.head];
  while (stack.length > 0) {
    const node = stack.pop();
    stack.push(...(node.children ?? []));
    if (!node.selfSize) continue;
    total += node.selfSize;
    add(owners, ownerOf(node.callFrame.url, node.callFrame.functionName), node.selfSize);
    add(functions, frameName(node.callFrame), node.selfSize);
  }
  const sorted = (map) =>
    [...map].sort((a, b) => b[1] - a[1]).map(([name, bytes]) => ({ name, bytes, share: bytes / total }));
  return { totalBytes: total, owners: sorted(owners), functions: sorted(functions) };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { per: { type: 'string', default: '1' }, top: { type: 'string', default: '25' } },
  });
  const per = Number(values.per);
  const top = Number(values.top);
  const kb = (bytes) => `${(bytes / per / 1024).toFixed(1).padStart(8)} KB`;
  for (const file of positionals) {
    const summary = summarizeAllocations(JSON.parse(readFileSync(file, 'utf8')));
    const unit = per === 1 ? '' : ` per unit of ${per}`;
    process.stdout.write(`${file}\nallocated ${kb(summary.totalBytes).trim()}${unit}\n\nby owner:\n`);
    const line = (row) => `${kb(row.bytes)} ${(row.share * 100).toFixed(1).padStart(5)}%  ${row.name}\n`;
    for (const row of summary.owners.slice(0, top)) process.stdout.write(line(row));
    process.stdout.write('\nby function (self):\n');
    for (const row of summary.functions.slice(0, top)) process.stdout.write(line(row));
    process.stdout.write('\n');
  }
}
