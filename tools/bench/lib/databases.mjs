// The bench's own databases on the shared PostgreSQL server: created fresh for each run and dropped at the end,
// so runs never see each other's rows and never touch anyone else's database.
import pg from 'pg';

export function databaseUrl(adminUrl, name) {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** libpq-style connection flags for pgbench and psql. */
export function libpqArgs(adminUrl) {
  const url = new URL(adminUrl);
  return [
    '-h',
    url.hostname || '127.0.0.1',
    '-p',
    url.port || '5432',
    '-U',
    decodeURIComponent(url.username),
  ];
}

export function libpqEnv(adminUrl) {
  const password = decodeURIComponent(new URL(adminUrl).password);
  return password ? { PGPASSWORD: password } : {};
}

const quoteIdent = (name) => `"${name.replaceAll('"', '""')}"`;

export async function withClient(url, work) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

export class BenchDatabases {
  constructor(adminUrl, prefix) {
    this.adminUrl = adminUrl;
    this.prefix = prefix;
    this.created = [];
  }

  async create(suffix) {
    const name = `${this.prefix}_${suffix}`;
    await withClient(this.adminUrl, async (client) => {
      await client.query(`DROP DATABASE IF EXISTS ${quoteIdent(name)} WITH (FORCE)`);
      await client.query(`CREATE DATABASE ${quoteIdent(name)}`);
    });
    this.created.push(name);
    return { name, url: databaseUrl(this.adminUrl, name) };
  }

  /**
   * A file-level copy of `source` (`CREATE DATABASE … TEMPLATE`): the same pages, so the same layout and bloat,
   * not a fresh load. Nothing may be connected to `source` while it is copied.
   */
  async copy(source, suffix) {
    const name = `${this.prefix}_${suffix}`;
    await withClient(this.adminUrl, async (client) => {
      await client.query(`DROP DATABASE IF EXISTS ${quoteIdent(name)} WITH (FORCE)`);
      await client.query(`CREATE DATABASE ${quoteIdent(name)} TEMPLATE ${quoteIdent(source)}`);
    });
    this.created.push(name);
    return { name, url: databaseUrl(this.adminUrl, name) };
  }

  async dropAll() {
    await withClient(this.adminUrl, async (client) => {
      for (const name of this.created.splice(0))
        await client.query(`DROP DATABASE IF EXISTS ${quoteIdent(name)} WITH (FORCE)`);
    });
  }
}

/** The server's data directory, or null where this user may not read it (it needs pg_read_all_settings). */
export async function dataDirectory(adminUrl) {
  return withClient(adminUrl, (client) =>
    client.query('SHOW data_directory').then(
      (result) => result.rows[0].data_directory,
      () => null,
    ),
  );
}

export async function serverFacts(adminUrl) {
  return withClient(adminUrl, async (client) => {
    const facts = {};
    for (const setting of [
      'server_version',
      'shared_buffers',
      'max_connections',
      'synchronous_commit',
      'fsync',
      'full_page_writes',
      'wal_compression',
      'autovacuum',
    ])
      facts[setting] = (await client.query(`SHOW ${setting}`)).rows[0][setting];
    return facts;
  });
}
