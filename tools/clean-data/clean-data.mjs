#!/usr/bin/env node
// Removes what `npm start` keeps on disk for this checkout: DATA_DIR (default .data) and, when the checkout sits in
// a folder the `postgres` user cannot enter (as root), the cluster and binaries copy it keeps for it under
// /var/lib/payout-embedded-postgres/. Refuses while the service's embedded PostgreSQL runs.
//   npm run clean:data
import { existsSync } from 'node:fs';
import { lstat, readFile, readlink, rm } from 'node:fs/promises';
import { arch, platform } from 'node:os';
import { join, resolve } from 'node:path';
import { binariesCopyOf, RELOCATED_CLUSTERS } from '@payout/adapters-persistence';

const alive = (pid) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === 'EPERM';
  }
};

/** The paths `npm start` made for `dataDir`: the directory itself, then what it keeps outside the checkout. */
export async function dataOf(dataDir) {
  const cluster = join(dataDir, 'postgres');
  const paths = [];
  const link = (await lstat(cluster).catch(() => null))?.isSymbolicLink() ? await readlink(cluster) : null;
  if (link?.startsWith(RELOCATED_CLUSTERS)) paths.push(link);
  const installed = await import(`@embedded-postgres/${platform()}-${arch()}`).catch(() => null);
  if (installed) {
    const copy = await binariesCopyOf(installed);
    if (existsSync(copy)) paths.push(copy);
  }
  if (existsSync(dataDir)) paths.unshift(dataDir);
  return { cluster, paths };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  if (process.argv.includes('--help') || process.argv.includes('-h')) {
    process.stderr.write(
      `Usage: npm run clean:data\nRemoves DATA_DIR (default .data) and what npm start keeps for this checkout under ${RELOCATED_CLUSTERS}/.\n`,
    );
    process.exit(0);
  }
  const { cluster, paths } = await dataOf(resolve(process.env.DATA_DIR || '.data'));
  const pid = Number(
    (await readFile(join(cluster, 'postmaster.pid'), 'utf8').catch(() => '')).split('\n')[0],
  );
  if (pid > 0 && alive(pid)) {
    process.stderr.write(
      `clean:data: the embedded PostgreSQL (pid ${pid}) still runs: stop the service first.\n`,
    );
    process.exit(1);
  }
  for (const path of paths) {
    await rm(path, { recursive: true, force: true });
    process.stdout.write(`removed ${path}\n`);
  }
  if (paths.length === 0) process.stdout.write('nothing to remove\n');
}
