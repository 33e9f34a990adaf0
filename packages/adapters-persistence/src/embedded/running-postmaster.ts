import { readFile } from 'node:fs/promises';
import { connect } from 'node:net';
import { join } from 'node:path';

/** A PostgreSQL server that another process started on a data directory. */
export interface RunningPostmaster {
  readonly pid: number;
  readonly port: number;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to another user (the `postgres` user when we are not root).
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** On Linux, whether that pid is a postgres at all: a pid from an older boot or container may name another program. */
async function isPostgres(pid: number): Promise<boolean> {
  const name = await readFile(`/proc/${pid}/comm`, 'utf8').catch(() => null);
  return name === null || name.trim() === 'postgres';
}

const accepts = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    socket.setTimeout(1_000);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => resolve(false));
  });

/**
 * The server running on `dataDir` right now, from its `postmaster.pid` (line 1 the pid, line 4 the port), or null
 * when none runs there (no file, a stale file, or a server that does not answer on its port).
 */
export async function runningPostmaster(dataDir: string): Promise<RunningPostmaster | null> {
  const lines = (await readFile(join(dataDir, 'postmaster.pid'), 'utf8').catch(() => '')).split('\n');
  const pid = Number(lines[0]);
  const port = Number(lines[3]);
  if (!Number.isInteger(pid) || pid <= 0 || !Number.isInteger(port) || port <= 0) return null;
  if (!alive(pid) || !(await isPostgres(pid)) || !(await accepts(port))) return null;
  return { pid, port };
}
