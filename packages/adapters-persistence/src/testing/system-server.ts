import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { type ServerAccount, serverAccount } from '../embedded/server-account.js';

// English messages whatever the machine's locale: readiness is matched on the server's log.
const ENV = { ...process.env, LC_MESSAGES: 'C', LANG: 'C' };

/** Where Debian installs PostgreSQL's programs, newest version first. */
const POSTGRESQL_LIB = '/usr/lib/postgresql';

/** A program of the machine's PostgreSQL (`pg_basebackup`, `initdb`, `postgres`), newest version: tests fail without it. */
export async function postgresqlProgram(name: string): Promise<string> {
  const versions = existsSync(POSTGRESQL_LIB) ? await readdir(POSTGRESQL_LIB) : [];
  for (const version of versions.sort((a, b) => Number(b) - Number(a))) {
    const path = join(POSTGRESQL_LIB, version, 'bin', name);
    if (existsSync(path)) return path;
  }
  throw new Error(
    `${name} is not installed under ${POSTGRESQL_LIB}/*/bin: install Debian's postgresql package`,
  );
}

/** The account servers run as: the `postgres` user when this process is root (servers refuse root), else us. */
export const accountForServers = (): Promise<ServerAccount | null> => serverAccount();

export interface SystemServer {
  /** Stops it (SIGINT: PostgreSQL's fast shutdown, PgBouncer's safe one) and waits for its exit. */
  stop(): Promise<void>;
}

/** Starts a server program as `account` and resolves once its log (stdout or stderr) shows `ready`. */
export function startServerProgram(
  program: string,
  args: readonly string[],
  account: ServerAccount | null,
  ready: string,
): Promise<SystemServer> {
  const child: ChildProcess = spawn(program, args, {
    ...account,
    env: ENV,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const stopOnExit = () => child.kill('SIGKILL');
  process.on('exit', stopOnExit);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return new Promise((started, failed) => {
    let log = '';
    const read = (chunk: Buffer) => {
      log = (log + chunk.toString()).slice(-8_000);
      if (log.includes(ready))
        started({
          async stop() {
            process.off('exit', stopOnExit);
            if (child.exitCode === null && child.signalCode === null) child.kill('SIGINT');
            await exited;
          },
        });
    };
    child.stdout?.on('data', read);
    child.stderr?.on('data', read);
    child.once('error', failed);
    child.once('exit', (code, signal) =>
      failed(new Error(`${program} exited (${signal ?? code}) before it was ready:\n${log}`)),
    );
  });
}
