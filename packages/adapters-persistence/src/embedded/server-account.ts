import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import {
  chown,
  cp,
  lstat,
  mkdir,
  readdir,
  realpath,
  rename,
  rm,
  rmdir,
  stat,
  symlink,
} from 'node:fs/promises';
import { dirname, join, parse, relative, resolve } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** The system account a root process runs PostgreSQL as (PostgreSQL refuses to run as root). */
export interface ServerAccount {
  readonly uid: number;
  readonly gid: number;
}

const ACCOUNT = 'postgres';
/** Where a root process keeps a cluster whose DATA_DIR the `postgres` user cannot enter. */
export const RELOCATED_CLUSTERS = '/var/lib/payout-embedded-postgres';

async function ids(): Promise<ServerAccount | null> {
  try {
    const [uid, gid] = await Promise.all([run('id', ['-u', ACCOUNT]), run('id', ['-g', ACCOUNT])]);
    return { uid: Number(uid.stdout), gid: Number(gid.stdout) };
  } catch {
    return null;
  }
}

/** Null when this process is not root; else the `postgres` account, created when missing. */
export async function serverAccount(): Promise<ServerAccount | null> {
  if (process.getuid?.() !== 0) return null;
  const existing = await ids();
  if (existing) return existing;
  await run('groupadd', ['-f', ACCOUNT]);
  await run('useradd', ['-g', ACCOUNT, '-M', '-s', '/usr/sbin/nologin', ACCOUNT]);
  const created = await ids();
  if (!created) throw new Error(`could not create the "${ACCOUNT}" system user to run PostgreSQL as`);
  return created;
}

/** The first directory on the way to `path` (itself included) that `account` may not enter, or null. */
async function blockingDirectory(path: string, account: ServerAccount): Promise<string | null> {
  const { root } = parse(path);
  const parts = path.slice(root.length).split('/').filter(Boolean);
  let current = root;
  for (const part of ['', ...parts]) {
    current = part ? join(current, part) : current;
    const info = await stat(current).catch(() => null);
    if (!info) return null;
    const bit = info.uid === account.uid ? 0o100 : info.gid === account.gid ? 0o010 : 0o001;
    if ((info.mode & bit) === 0) return current;
  }
  return null;
}

/**
 * The directory the server should use for `requested`: itself when the `postgres` user can enter its parents;
 * otherwise (as root under a private folder such as /root or a `mktemp -d`) a directory of its own under
 * RELOCATED_CLUSTERS, with `requested` made a symbolic link to it so the data stays findable from DATA_DIR.
 * Granting search permission on the private folder instead would expose every file there that is readable by others.
 */
export async function reachableDataDir(requested: string, account: ServerAccount): Promise<string> {
  const target = existsSync(requested) ? await realpath(requested) : resolve(requested);
  const blocked = await blockingDirectory(dirname(target), account);
  if (!blocked) return target;
  const info = await lstat(requested).catch(() => null);
  if (info?.isDirectory() && (await readdir(requested)).length > 0)
    throw new Error(
      `the "${ACCOUNT}" user cannot enter ${blocked}, where the embedded PostgreSQL's data lives (${requested}): ` +
        `move DATA_DIR to a folder it can enter, grant it search permission (chmod o+x ${blocked}), or set DATABASE_URL`,
    );
  if (info?.isDirectory()) await rmdir(requested);
  const relocated = join(RELOCATED_CLUSTERS, createHash('sha256').update(target).digest('hex').slice(0, 16));
  await mkdir(RELOCATED_CLUSTERS, { recursive: true, mode: 0o755 });
  await mkdir(relocated, { recursive: true, mode: 0o700 });
  await chown(relocated, account.uid, account.gid);
  await mkdir(dirname(requested), { recursive: true });
  await symlink(relocated, requested);
  return relocated;
}

export interface ServerBinaries {
  readonly initdb: string;
  readonly postgres: string;
}

/** Where reachableBinaries copies `installed` under RELOCATED_CLUSTERS (whether or not the copy exists). */
export async function binariesCopyOf(installed: ServerBinaries): Promise<string> {
  const version = `${dirname(dirname(installed.initdb))}:${(await stat(installed.initdb)).mtimeMs}`;
  return join(
    RELOCATED_CLUSTERS,
    `binaries-${createHash('sha256').update(version).digest('hex').slice(0, 16)}`,
  );
}

/**
 * The server's binaries where `account` can run them: as installed, or, when the `postgres` user cannot reach the
 * installed package (the project checked out as root under a private folder), a copy of the package's whole native
 * tree (bin, lib, share) made once under RELOCATED_CLUSTERS, readable and runnable by every user. The copy is named
 * after the installed files, so a reinstall makes a new one; it is staged and renamed, so concurrent starts never run
 * a half-made copy.
 */
export async function reachableBinaries(
  installed: ServerBinaries,
  account: ServerAccount,
): Promise<ServerBinaries> {
  const native = dirname(dirname(installed.initdb));
  if (!(await blockingDirectory(native, account))) return installed;
  const copy = await binariesCopyOf(installed);
  if (!existsSync(join(copy, relative(native, installed.postgres)))) {
    await mkdir(RELOCATED_CLUSTERS, { recursive: true, mode: 0o755 });
    const staging = `${copy}.${process.pid}.staging`;
    await cp(native, staging, { recursive: true, verbatimSymlinks: true });
    await rename(staging, copy).catch(async (error: unknown) => {
      await rm(staging, { recursive: true, force: true });
      if (!existsSync(copy)) throw error;
    });
  }
  return {
    initdb: join(copy, relative(native, installed.initdb)),
    postgres: join(copy, relative(native, installed.postgres)),
  };
}
