#!/usr/bin/env node
// Enforces the import rules in CONTRIBUTING.md ("The architecture in short"): the hexagon only holds if the core
// stays framework-free and adapters never reach into each other.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { importCycles } from './import-cycles.mjs';

const IMPORT_PATTERN =
  /(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\s*\(\s*['"]([^'"]+)['"]\s*\)|import\s+['"]([^'"]+)['"]/g;
const ADAPTERS = ['adapters-http', 'adapters-rails', 'adapters-persistence'];
const DOMAIN_ALLOWED = new Set(['decimal.js']);
// Test code of the domain may use assertion libraries; production code of the domain may not.
const DOMAIN_TEST_ALLOWED = new Set(['decimal.js', 'chai', 'fast-check']);
// packages/app is configuration, container modules and entry points; its tests and their support may sit anywhere.
const APP_FOLDERS = new Set(['config', 'container', 'bin']);

function listTs(dir) {
  const out = [];
  for (const name of readdirSync(dir)) {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) out.push(...listTs(full));
    else if (name.endsWith('.ts') && !name.endsWith('.d.ts')) out.push(full);
  }
  return out;
}

export function importsOf(source) {
  const found = [];
  for (const match of source.matchAll(IMPORT_PATTERN)) found.push(match[1] ?? match[2] ?? match[3]);
  return found;
}

function isTestCode(file) {
  return /\.test\.ts$/.test(file) || file.includes(`${sep}testing${sep}`);
}

/** A test, a fixture, or what the end-to-end suites run on (`e2e/support`). */
function isTestSupport(pathInSrc) {
  return isTestCode(pathInSrc) || pathInSrc.endsWith('.fixture.ts') || pathInSrc.split(sep).includes('e2e');
}

function packageOf(specifier) {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0];
}

function violationsFor(pkg, file, specifier, packagesDir) {
  const problems = [];
  if (specifier.startsWith('.')) {
    const target = resolve(file, '..', specifier);
    const targetPkg = relative(packagesDir, target).split(sep)[0];
    if (targetPkg !== pkg) problems.push(`relative import leaves the package (${targetPkg})`);
    return problems;
  }
  const name = packageOf(specifier);
  if (pkg === 'domain') {
    const allowed = isTestCode(file) ? DOMAIN_TEST_ALLOWED : DOMAIN_ALLOWED;
    if (!allowed.has(name)) problems.push(`the domain may import only relative paths and decimal.js`);
    return problems;
  }
  if (name === 'inversify' && pkg !== 'app') problems.push('only packages/app may import inversify');
  if (ADAPTERS.includes(pkg)) {
    const other = name.startsWith('@payout/') ? name.slice('@payout/'.length) : null;
    if (other && other !== 'domain' && other !== pkg) problems.push(`an adapter may not import ${name}`);
  }
  return problems;
}

export function checkArchitecture(root) {
  const packagesDir = join(root, 'packages');
  const violations = [];
  const sources = new Map();
  for (const pkg of readdirSync(packagesDir)) {
    const src = join(packagesDir, pkg, 'src');
    let files;
    try {
      files = listTs(src);
    } catch {
      continue;
    }
    for (const file of files) {
      const pathInSrc = relative(src, file);
      if (pkg === 'app' && !APP_FOLDERS.has(pathInSrc.split(sep)[0]) && !isTestSupport(pathInSrc))
        violations.push(
          `${relative(root, file)}: packages/app/src holds only config/, container/ and bin/ (and tests)`,
        );
      const specifiers = importsOf(readFileSync(file, 'utf8'));
      sources.set(file, specifiers);
      for (const specifier of specifiers) {
        for (const problem of violationsFor(pkg, file, specifier, packagesDir)) {
          violations.push(`${relative(root, file)}: '${specifier}': ${problem}`);
        }
      }
    }
  }
  for (const cycle of importCycles(sources, root)) violations.push(`import circle: ${cycle.join(' → ')}`);
  return violations;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === resolve(process.argv[1])) {
  const root = resolve(process.argv[2] ?? join(fileURLToPath(import.meta.url), '..', '..', '..'));
  const violations = checkArchitecture(root);
  if (violations.length > 0) {
    console.error(`Architecture check failed (${violations.length}):\n  ${violations.join('\n  ')}`);
    process.exit(1);
  }
  console.log('Architecture check passed.');
}
