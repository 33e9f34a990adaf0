import { existsSync } from 'node:fs';
import { chmod, chown, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../embedded/free-port.js';
import { accountForServers, startServerProgram } from './system-server.js';

/** Where Debian's `pgbouncer` package installs the program (.ci/run installs it). */
const PGBOUNCER = '/usr/sbin/pgbouncer';

export interface PgBouncerOptions {
  /** The PostgreSQL server it pools for (any database on it is reachable by name). */
  readonly serverUrl: string;
  readonly poolMode: 'session' | 'transaction';
  /** Server connections per database and user (`default_pool_size`). */
  readonly poolSize: number;
}

export interface PgBouncer {
  /** `url`'s database through PgBouncer. */
  urlFor(url: string): string;
  stop(): Promise<void>;
}

/**
 * The machine's PgBouncer in front of `serverUrl`, on a free port of the loopback interface, in a temporary folder:
 * clients are trusted, PgBouncer logs in to the server with the URL's credentials. As root it runs as the
 * `postgres` user (PgBouncer refuses root). It fails, never skips, when PgBouncer is not installed.
 */
export async function startPgBouncer(options: PgBouncerOptions): Promise<PgBouncer> {
  if (!existsSync(PGBOUNCER))
    throw new Error(`${PGBOUNCER} is missing: install Debian's pgbouncer package (.ci/run does)`);
  const server = new URL(options.serverUrl);
  const user = decodeURIComponent(server.username || 'postgres');
  const account = await accountForServers();
  const dir = await mkdtemp(join(tmpdir(), 'payout-pgbouncer-'));
  await chmod(dir, 0o755);
  if (account) await chown(dir, account.uid, account.gid);
  const port = await freePort();
  const login = [
    `host=${server.hostname}`,
    `port=${server.port || '5432'}`,
    `user=${user}`,
    ...(server.password ? [`password=${decodeURIComponent(server.password)}`] : []),
  ].join(' ');
  const ini = join(dir, 'pgbouncer.ini');
  await writeFile(join(dir, 'userlist.txt'), `"${user}" ""\n`);
  await writeFile(
    ini,
    [
      '[databases]',
      `* = ${login}`,
      '[pgbouncer]',
      'listen_addr = 127.0.0.1',
      `listen_port = ${port}`,
      `unix_socket_dir = ${dir}`,
      'auth_type = trust',
      `auth_file = ${join(dir, 'userlist.txt')}`,
      `pool_mode = ${options.poolMode}`,
      `default_pool_size = ${options.poolSize}`,
      'max_client_conn = 500',
      // Clients wait for a server connection this long at most before PgBouncer refuses them.
      'query_wait_timeout = 30',
      `pidfile = ${join(dir, 'pgbouncer.pid')}`,
      '',
    ].join('\n'),
  );
  if (account)
    for (const file of ['pgbouncer.ini', 'userlist.txt'])
      await chown(join(dir, file), account.uid, account.gid);
  const running = await startServerProgram(PGBOUNCER, [ini], account, 'process up');
  return {
    urlFor(url: string) {
      const through = new URL(url);
      through.hostname = '127.0.0.1';
      through.port = String(port);
      through.username = user;
      through.password = '';
      return through.toString();
    },
    async stop() {
      await running.stop();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
