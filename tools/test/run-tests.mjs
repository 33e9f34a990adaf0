#!/usr/bin/env node
// The one test command: every compiled unit, integration and end-to-end suite plus the tools' own tests,
// in one mocha process so the shared test database is started once.
import { spawnSync } from 'node:child_process';

const specs = ['packages/*/dist/**/*.test.js', 'tools/*/*.test.mjs', 'tools/*/*/*.test.mjs'];
const result = spawnSync(
  process.execPath,
  ['node_modules/mocha/bin/mocha.js', '--config', '.mocharc.json', ...specs, ...process.argv.slice(2)],
  { stdio: 'inherit' },
);
process.exit(result.status ?? 1);
