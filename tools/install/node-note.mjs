#!/usr/bin/env node
// Postinstall: when npm itself runs on a Node older than the packages need, says once which Node the scripts use
// and why (.npmrc hides npm's per-package engine warnings). Silent on a Node that is recent enough.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

const required = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')).engines
  .node;
const [major, minor] = required
  .replace(/^>=\s*/, '')
  .split('.')
  .map(Number);

/** The version of the Node running npm (npm_node_execpath), not of the node on the scripts' PATH. */
export function npmNodeVersion(env = process.env) {
  const node = env.npm_node_execpath ?? process.execPath;
  return execFileSync(node, ['-p', 'process.versions.node'], { encoding: 'utf8' }).trim();
}

export function note(version) {
  const [m, n] = version.split('.').map(Number);
  if (m > major || (m === major && n >= minor)) return null;
  return (
    `Node ${version} runs npm here; this project needs Node ${required}, so its npm scripts (npm start, npm test, …) ` +
    'run on the Node of its `node` devDependency in node_modules/.bin, which npm puts first on their PATH. ' +
    'Run the compiled code with that Node too (npx node …).'
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const line = note(npmNodeVersion());
  if (line) process.stderr.write(`${line}\n`);
}
