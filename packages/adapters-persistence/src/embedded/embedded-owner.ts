import { readFile, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * Which process started the embedded server on a data directory: a file beside PostgreSQL's own in the data
 * directory, holding that process's pid and start time. A server whose owner is gone (killed with `kill -9`, so it
 * never stopped its server) is an orphan that the next start stops instead of connecting to.
 */
const OWNER_FILE = 'payout-embedded-owner';

/** Field 22 of /proc/<pid>/stat, the process's start time since boot: a pid reused by another process differs. */
async function startTime(pid: number | 'self'): Promise<string | null> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => null);
  if (stat === null) return null;
  // The command name (field 2) is in parentheses and may hold spaces: count fields after its closing one.
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null;
}

function exists(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Records this process as the owner of the server on `dataDir`. */
export async function claimOwnership(dataDir: string): Promise<void> {
  await writeFile(join(dataDir, OWNER_FILE), `${process.pid} ${(await startTime('self')) ?? ''}\n`);
}

export async function releaseOwnership(dataDir: string): Promise<void> {
  await unlink(join(dataDir, OWNER_FILE)).catch(() => undefined);
}

/** Whether the process that started the server on `dataDir` still runs (false with no owner recorded). */
export async function ownerAlive(dataDir: string): Promise<boolean> {
  const text = await readFile(join(dataDir, OWNER_FILE), 'utf8').catch(() => '');
  const [pidText = '', started = ''] = text.trim().split(' ');
  const pid = Number(pidText);
  if (!Number.isInteger(pid) || pid <= 0 || !exists(pid)) return false;
  // Where /proc exists, the same pid with another start time is another process.
  const now = await startTime(pid);
  return now === null || started === '' || now === started;
}

/** Stops a server whose owner is gone (SIGINT, PostgreSQL's fast shutdown) and waits until its process is gone. */
export async function stopOrphan(pid: number, timeoutMs = 60_000): Promise<void> {
  try {
    process.kill(pid, 'SIGINT');
  } catch {
    return;
  }
  const deadline = Date.now() + timeoutMs;
  while (exists(pid)) {
    if (Date.now() > deadline)
      throw new Error(`the orphaned embedded PostgreSQL (pid ${pid}) did not stop within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
