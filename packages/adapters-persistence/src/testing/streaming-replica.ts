import { chmod, chown, mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Knex } from 'knex';
import { runToEnd } from '../embedded/embedded-postgres.js';
import { freePort } from '../embedded/free-port.js';
import { createKnex } from '../sql/knex-pool.js';
import {
  accountForServers,
  postgresqlProgram,
  type SystemServer,
  startServerProgram,
} from './system-server.js';

export interface StreamingReplica {
  /** `postgres://postgres@127.0.0.1:<port>/postgres` of the primary. */
  readonly primaryUrl: string;
  /** The standby's, streaming from the primary (hot standby: read-only queries). */
  readonly standbyUrl: string;
  /** Stops applying what it receives (`pg_wal_replay_pause`), until `resumeReplay`. */
  pauseReplay(): Promise<void>;
  resumeReplay(): Promise<void>;
  /** Stops the standby (a fast shutdown); `startStandby` brings it back on the same port. */
  stopStandby(): Promise<void>;
  startStandby(): Promise<void>;
  /** Stops both and removes their data. */
  stop(): Promise<void>;
}

const urlOf = (port: number) => `postgres://postgres@127.0.0.1:${port}/postgres`;

async function once<T>(url: string, work: (knex: Knex) => Promise<T>): Promise<T> {
  const knex = createKnex(url, 1);
  try {
    return await work(knex);
  } finally {
    await knex.destroy();
  }
}

/**
 * A primary and a streaming standby of the machine's PostgreSQL, in a temporary folder, for the suites that prove
 * reads on a replica: `initdb`, the primary with `wal_level=replica`, then `pg_basebackup -R` (which writes the
 * standby's connection to the primary) and the standby. Trust authentication on the loopback interface only. As
 * root both run as the `postgres` user. It fails, never skips, when the programs are missing.
 */
export async function startStreamingReplica(): Promise<StreamingReplica> {
  const [initdb, postgres, basebackup] = await Promise.all(
    ['initdb', 'postgres', 'pg_basebackup'].map((name) => postgresqlProgram(name)),
  );
  const account = await accountForServers();
  const root = await mkdtemp(join(tmpdir(), 'payout-replica-'));
  // mkdtemp makes the folder private; the servers' account must enter it and keep its sockets there.
  await chmod(root, 0o755);
  if (account) await chown(root, account.uid, account.gid);
  const primaryDir = join(root, 'primary');
  const standbyDir = join(root, 'standby');
  for (const dir of [primaryDir, standbyDir]) {
    await mkdir(dir, { mode: 0o700 });
    if (account) await chown(dir, account.uid, account.gid);
  }
  const [primaryPort, standbyPort] = [await freePort(), await freePort()];
  const serve = (dir: string, port: number, ready: string) =>
    startServerProgram(
      postgres as string,
      [
        '-D',
        dir,
        '-p',
        String(port),
        '-c',
        'listen_addresses=127.0.0.1',
        '-c',
        `unix_socket_directories=${root}`,
      ],
      account,
      ready,
    );
  let primary: SystemServer | null = null;
  let standby: SystemServer | null = null;
  const startStandby = async () => {
    standby = await serve(standbyDir, standbyPort, 'ready to accept read-only connections');
  };
  const stopStandby = async () => {
    await standby?.stop();
    standby = null;
  };
  try {
    await runToEnd(
      initdb as string,
      ['-D', primaryDir, '--no-sync', '--auth=trust', '--username=postgres', '--encoding=UTF8', '--locale=C'],
      account,
    );
    // initdb's pg_hba.conf already lets the loopback interface replicate; wal_level=replica is the default.
    primary = await serve(primaryDir, primaryPort, 'ready to accept connections');
    await runToEnd(
      basebackup as string,
      [
        '-h',
        '127.0.0.1',
        '-p',
        String(primaryPort),
        '-U',
        'postgres',
        '-D',
        standbyDir,
        '-R',
        '-X',
        'stream',
        '-c',
        'fast',
      ],
      account,
    );
    await startStandby();
  } catch (error) {
    await stopStandby();
    await (primary as SystemServer | null)?.stop();
    await rm(root, { recursive: true, force: true });
    throw error;
  }
  const standbyUrl = urlOf(standbyPort);
  const replay = (sql: string, state: string) =>
    once(standbyUrl, async (knex) => {
      await knex.raw(sql);
      // The pause takes effect between records: wait until the standby says so.
      for (;;) {
        const { rows } = await knex.raw<{ rows: Array<{ state: string }> }>(
          'SELECT pg_get_wal_replay_pause_state() AS state',
        );
        if (rows[0]?.state === state) return;
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    });
  return {
    primaryUrl: urlOf(primaryPort),
    standbyUrl,
    pauseReplay: () => replay('SELECT pg_wal_replay_pause()', 'paused'),
    resumeReplay: () => replay('SELECT pg_wal_replay_resume()', 'not paused'),
    stopStandby,
    startStandby,
    async stop() {
      await stopStandby();
      await (primary as SystemServer | null)?.stop();
      await rm(root, { recursive: true, force: true });
    },
  };
}
