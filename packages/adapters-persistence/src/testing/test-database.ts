import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Knex } from 'knex';
import { startEmbeddedPostgres } from '../embedded/embedded-postgres.js';
import { migrateLatest } from '../migrations/migrate.js';
import { createKnex } from '../sql/knex-pool.js';
import { createRecordedJobsTable } from './recording-job-queue.js';

export interface TestDatabase {
  /** Connection string of this run's own database. */
  readonly url: string;
  /** A pool on it, large enough for concurrency tests. */
  readonly knex: Knex;
}

interface Server {
  readonly url: string;
  stop(): Promise<void>;
}

export interface ScratchDatabase extends TestDatabase {
  /** Closes the pool and drops the database. */
  drop(): Promise<void>;
}

let current: Promise<TestDatabase> | null = null;
let serverUrl: string | null = null;
let release: (() => Promise<void>) | null = null;
let created = 0;

async function startServer(): Promise<Server> {
  const configured = process.env.TEST_DATABASE_URL;
  if (configured) return { url: configured, stop: async () => undefined };
  const dataDir = await mkdtemp(join(tmpdir(), 'payout-test-pg-'));
  // mkdtemp makes the directory private; as root the server runs as the `postgres` user, who must enter it.
  await chmod(dataDir, 0o755);
  const embedded = await startEmbeddedPostgres({ dataDir: join(dataDir, 'data') });
  return {
    url: embedded.url,
    stop: async () => {
      await embedded.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

const withDatabase = (serverUrl: string, database: string): string => {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return url.toString();
};

async function create(): Promise<TestDatabase> {
  const server = await startServer();
  created += 1;
  const name = `payout_test_${process.pid}_${created}`;
  const admin = createKnex(server.url, 1);
  await admin.raw('DROP DATABASE IF EXISTS ?? WITH (FORCE)', [name]);
  await admin.raw('CREATE DATABASE ??', [name]);
  serverUrl = server.url;
  const url = withDatabase(server.url, name);
  const knex = createKnex(url, 20);
  release = async () => {
    await knex.destroy();
    await admin.raw('DROP DATABASE IF EXISTS ?? WITH (FORCE)', [name]);
    await admin.destroy();
    await server.stop();
  };
  await migrateLatest(knex);
  await createRecordedJobsTable(knex);
  return { url, knex };
}

/**
 * This process's test database, created and migrated on first call: a fresh database on the server named by
 * `TEST_DATABASE_URL`, or else on an embedded PostgreSQL started for the run. It never skips: an unreachable
 * server makes the calling hook fail.
 */
export function testDatabase(): Promise<TestDatabase> {
  current ??= create();
  return current;
}

/**
 * An empty, unmigrated database on the test server, for tests that migrate or break schemas themselves
 * (the shared test database must stay intact for the other suites).
 */
export async function scratchDatabase(label: string): Promise<ScratchDatabase> {
  await testDatabase();
  if (!serverUrl) throw new Error('the test database server is not running');
  const server = serverUrl;
  created += 1;
  const name = `payout_test_${process.pid}_${created}_${label}`;
  const admin = createKnex(server, 1);
  await admin.raw('CREATE DATABASE ??', [name]);
  const url = withDatabase(server, name);
  const knex = createKnex(url, 10);
  return {
    url,
    knex,
    drop: async () => {
      await knex.destroy();
      await admin.raw('DROP DATABASE IF EXISTS ?? WITH (FORCE)', [name]);
      await admin.destroy();
    },
  };
}

/** Drops the database (and stops the embedded server); registered as a mocha root `after` hook below. */
export async function releaseTestDatabase(): Promise<void> {
  const pending = current;
  current = null;
  if (!pending) return;
  await pending.catch(() => undefined);
  const drop = release;
  release = null;
  serverUrl = null;
  await drop?.();
}

// Loaded while mocha reads spec files, so the hook lands on the root suite and runs once after every test.
if (typeof after === 'function') after(releaseTestDatabase);
