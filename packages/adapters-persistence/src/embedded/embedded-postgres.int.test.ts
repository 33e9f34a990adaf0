import { execFile } from 'node:child_process';
import { chmod, cp, mkdtemp, readlink, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { expect } from 'chai';
import knexFactory from 'knex';
import { startEmbeddedPostgres } from './embedded-postgres.js';
import { RELOCATED_CLUSTERS, reachableBinaries, serverAccount } from './server-account.js';

async function query<T>(url: string, sql: string): Promise<T[]> {
  const knex = knexFactory({ client: 'pg', connection: url, pool: { min: 0, max: 1 } });
  try {
    return (await knex.raw<{ rows: T[] }>(sql)).rows;
  } finally {
    await knex.destroy();
  }
}

describe('startEmbeddedPostgres', function () {
  // initdb and two server starts: seconds, not the default test budget.
  this.timeout(120_000);
  let root: string;

  before(async () => {
    root = await mkdtemp(join(tmpdir(), 'payout-embedded-test-'));
    // mkdtemp makes the directory private; the server may run as the `postgres` user, not as us.
    await chmod(root, 0o755);
  });

  after(async () => {
    await rm(root, { recursive: true, force: true });
  });

  it('initialises a data directory once and finds its data again on the next start', async () => {
    const dataDir = join(root, 'data');
    const first = await startEmbeddedPostgres({ dataDir });
    try {
      await query(first.url, "CREATE TABLE kept (note text); INSERT INTO kept VALUES ('survives a restart')");
    } finally {
      await first.stop();
    }
    const second = await startEmbeddedPostgres({ dataDir });
    try {
      expect(second.url).to.match(/^postgres:\/\/postgres:[^@]+@127\.0\.0\.1:\d+\/postgres$/);
      expect(await query(second.url, 'SELECT note FROM kept')).to.deep.equal([
        { note: 'survives a restart' },
      ]);
      const [version] = await query<{ server_version_num: string }>(second.url, 'SHOW server_version_num');
      expect(Number(version?.server_version_num)).to.be.at.least(150000);
    } finally {
      await second.stop();
    }
  });

  it('connects to the server another process runs on the same data directory, and leaves it running', async () => {
    const dataDir = join(root, 'shared');
    const first = await startEmbeddedPostgres({ dataDir });
    try {
      const second = await startEmbeddedPostgres({ dataDir });
      expect(second.owned).to.equal(false);
      expect(second.port).to.equal(first.port);
      await query(second.url, 'SELECT 1');
      await second.stop();
      expect(await query(first.url, 'SELECT 1 AS up')).to.deep.equal([{ up: 1 }]);
    } finally {
      await first.stop();
    }
  });

  it('starts as root from a private folder (mode 0700) that the postgres user cannot enter', async () => {
    const privateFolder = await mkdtemp(join(tmpdir(), 'payout-embedded-private-'));
    const dataDir = join(privateFolder, 'data');
    try {
      const server = await startEmbeddedPostgres({ dataDir });
      try {
        expect(await query(server.url, 'SELECT 1 AS up')).to.deep.equal([{ up: 1 }]);
      } finally {
        await server.stop();
      }
    } finally {
      const relocated = await readlink(dataDir).catch(() => null);
      if (relocated?.startsWith(RELOCATED_CLUSTERS)) await rm(relocated, { recursive: true, force: true });
      await rm(privateFolder, { recursive: true, force: true });
    }
  });

  it('runs its binaries as the postgres user when they are installed under a private folder', async () => {
    const account = await serverAccount();
    if (!account) throw new Error('this test runs as root, as CI does: the server account exists only then');
    const installed = (await import(`@embedded-postgres/${process.platform}-${process.arch}`)) as {
      initdb: string;
      postgres: string;
    };
    const privateFolder = await mkdtemp(join(tmpdir(), 'payout-embedded-binaries-'));
    try {
      const native = join(privateFolder, 'native');
      await cp(dirname(dirname(installed.initdb)), native, { recursive: true, verbatimSymlinks: true });
      const inPrivate = { initdb: join(native, 'bin', 'initdb'), postgres: join(native, 'bin', 'postgres') };
      const runAs = (binary: string) => promisify(execFile)(binary, ['--version'], account);
      await runAs(inPrivate.initdb).then(
        () => expect.fail('the postgres user ran a binary under a private folder'),
        (error: NodeJS.ErrnoException) => expect(error.code).to.equal('EACCES'),
      );
      const reachable = await reachableBinaries(inPrivate, account);
      expect(reachable.initdb.startsWith(RELOCATED_CLUSTERS)).to.equal(true);
      expect((await runAs(reachable.initdb)).stdout).to.match(/initdb \(PostgreSQL\) 18/);
      expect((await runAs(reachable.postgres)).stdout).to.match(/postgres \(PostgreSQL\) 18/);
      await rm(dirname(dirname(reachable.initdb)), { recursive: true, force: true });
    } finally {
      await rm(privateFolder, { recursive: true, force: true });
    }
  });
});
