import { execFile, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rename, rm, symlink, writeFile } from 'node:fs/promises';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);
const ROOT = fileURLToPath(new URL('../../../../../', import.meta.url));
/** Kept inside this checkout: its links point into this checkout's node_modules, and `npm ci` starts it afresh. */
const CACHE = join(ROOT, 'node_modules', '.cache', 'payout-previous-release');
const BUILT = '.built';

interface LockEntry {
  readonly version?: string;
  readonly integrity?: string;
  readonly resolved?: string;
  readonly link?: boolean;
  readonly optional?: boolean;
}
type Lock = Readonly<Record<string, LockEntry>>;

const depth = (path: string) => path.split('node_modules/').length - 1;
const same = (a: LockEntry | undefined, b: LockEntry | undefined) =>
  a !== undefined && b !== undefined && a.version === b.version && a.integrity === b.integrity;

/**
 * The links that give the release's tree the packages its lockfile pins, each to this checkout's installed copy,
 * or the paths that stand in the way: a package this checkout lacks or holds in another version, or a package
 * nested differently (a dependency of a linked package resolves inside this checkout's copy).
 */
export function linksFor(release: Lock, current: Lock): { links: Map<string, string>; misfits: string[] } {
  const links = new Map<string, string>();
  const misfits: string[] = [];
  for (const [path, entry] of Object.entries(release)) {
    if (depth(path) === 0) continue;
    if (entry.link) {
      if (depth(path) === 1 && entry.resolved) links.set(path, entry.resolved);
      continue;
    }
    if (!same(entry, current[path])) {
      misfits.push(path);
      continue;
    }
    if (depth(path) > 1) continue;
    const nested = (lock: Lock) =>
      Object.keys(lock)
        .filter((p) => p.startsWith(`${path}/node_modules/`))
        .sort();
    const mine = nested(current);
    if (mine.join() !== nested(release).join()) misfits.push(...mine.filter((p) => !release[p]));
    if (existsSync(join(ROOT, path))) links.set(path, join(ROOT, path));
    else if (!entry.optional) misfits.push(path);
  }
  return { links, misfits };
}

async function extract(commit: string, into: string): Promise<void> {
  const archive = spawn('git', ['-C', ROOT, 'archive', '--format=tar', commit], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const tar = spawn('tar', ['-x', '-C', into], { stdio: ['pipe', 'inherit', 'inherit'] });
  archive.stdout.pipe(tar.stdin);
  const codes = await Promise.all(
    [archive, tar].map((child) => new Promise<number | null>((resolve) => child.once('exit', resolve))),
  );
  if (codes.some((code) => code !== 0)) throw new Error(`git archive ${commit} | tar -x failed: ${codes}`);
}

/** Installs the release's packages in `tree`: links where this checkout has them as pinned, else npm's cache. */
async function install(tree: string, release: Lock, current: Lock): Promise<string> {
  const { links, misfits } = linksFor(release, current);
  if (misfits.length > 0) {
    // Nothing is downloaded: a package missing from npm's cache fails the install, naming it.
    await run('npm', ['ci', '--offline', '--ignore-scripts', '--no-audit', '--no-fund'], { cwd: tree });
    return `npm ci --offline (differs here: ${misfits.slice(0, 5).join(', ')})`;
  }
  for (const [path, target] of links) {
    const at = join(tree, path);
    await mkdir(dirname(at), { recursive: true });
    await symlink(relative(dirname(at), target.startsWith('/') ? target : join(tree, target)), at);
  }
  return 'linked';
}

const lockOf = (text: string): Lock => (JSON.parse(text) as { packages: Lock }).packages;

/**
 * The release at `commit`, extracted with `git archive`, its packages installed and compiled, under
 * node_modules/.cache/payout-previous-release/<commit>: built once, then reused while this checkout's packages
 * still are those it links to. Resolves with the tree's root, whose packages/app/dist/bin holds its entry points.
 */
export async function previousReleaseBuild(commit: string): Promise<string> {
  await run('git', ['-C', ROOT, 'cat-file', '-e', `${commit}^{commit}`]).catch(() => {
    throw new Error(
      `commit ${commit} is not in this clone's history (a shallow clone? \`git fetch --unshallow\` brings it)`,
    );
  });
  const release = lockOf(
    (await run('git', ['-C', ROOT, 'show', `${commit}:package-lock.json`], { maxBuffer: 1 << 26 })).stdout,
  );
  const current = lockOf(await readFile(join(ROOT, 'package-lock.json'), 'utf8'));
  const target = join(CACHE, commit);
  const built = await readFile(join(target, BUILT), 'utf8').catch(() => null);
  if (built !== null && (built !== 'linked' || linksFor(release, current).misfits.length === 0))
    return target;
  await rm(target, { recursive: true, force: true });
  await mkdir(CACHE, { recursive: true });
  const tree = await mkdtemp(join(CACHE, `${commit}.partial-`));
  try {
    await extract(commit, tree);
    const how = await install(tree, release, current);
    const tsc = join(tree, 'node_modules/typescript/bin/tsc');
    await run(process.execPath, [tsc, '-b', 'tsconfig.build.json'], { cwd: tree });
    await writeFile(join(tree, BUILT), how);
    // Whole or not at all: a run killed midway leaves a .partial folder, never a half-built release by that name.
    await rename(tree, target).catch(async (error: NodeJS.ErrnoException) => {
      if (!existsSync(join(target, BUILT))) throw error;
    });
    return target;
  } finally {
    await rm(tree, { recursive: true, force: true });
  }
}
