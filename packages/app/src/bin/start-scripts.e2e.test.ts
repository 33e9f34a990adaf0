import { spawn } from 'node:child_process';
import { mkdtemp, readdir, readFile, readlink, rm } from 'node:fs/promises';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { RELOCATED_CLUSTERS } from '@payout/adapters-persistence';
import { type ScratchDatabase, scratchDatabase } from '@payout/adapters-persistence/testing';
import { expect } from 'chai';
import { type LogLine, NpmScript, running } from './npm-script.fixture.js';

const LEDGER_VERIFY = fileURLToPath(new URL('./ledger-verify.js', import.meta.url));
const started = (line: LogLine) => String(line.msg).startsWith('service started');
const stopped = (line: LogLine) => line.msg === 'stopped';

/** The environment of a person's shell: nothing of the test run's configuration but what `extra` says. */
function shellEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: '0', WORKER_PORT: '0', LOG_LEVEL: 'info', ...extra };
  for (const name of [
    'DATABASE_URL',
    'REDIS_URL',
    'APP_ENV',
    'JWT_SECRET',
    'ENCRYPTION_KEY',
    'PROCESS_ROLE',
    'HOST',
  ])
    if (!(name in extra)) delete env[name];
  return env;
}

/** After a clean stop: exit 0, a final "stopped" line, no error logged, and the Node process gone. */
async function expectCleanStop(script: NpmScript, pid: number): Promise<void> {
  const code = await script.exited;
  expect(code, script.text).to.equal(0);
  expect(script.lines.some(stopped), 'a final "stopped" line').to.equal(true);
  expect(
    script.lines.filter((line) => line.level === 'error' || line.level === 'fatal'),
    'no error logged',
  ).to.deep.equal([]);
  expect(running(pid), 'the service process is gone').to.equal(false);
}

/** The pid of the PostgreSQL server running on `dataDir`, from its postmaster.pid. */
const postmasterOf = async (dataDir: string) =>
  Number((await readFile(join(dataDir, 'postgres', 'postmaster.pid'), 'utf8')).split('\n')[0]);

/** Every process whose command line names `path` (a postgres started with `-D <path>/…`, its backends excluded). */
async function processesNaming(path: string): Promise<number[]> {
  const pids: number[] = [];
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const cmdline = await readFile(`/proc/${entry}/cmdline`, 'utf8').catch(() => '');
    if (cmdline.split('\0').some((arg) => arg.startsWith(path))) pids.push(Number(entry));
  }
  return pids;
}

async function operatorToken(): Promise<string> {
  const { mintToken } = (await import('../../../../tools/token/mint-token.mjs' as string)) as {
    mintToken: (claims: Record<string, unknown>) => string;
  };
  return mintToken({ scope: 'operator', sub: 'e2e-operator' });
}

/** POSTs a merchant over a raw socket, sending the body only when `release` resolves: a request held in flight. */
function heldRequest(url: string, token: string, release: Promise<void>): Promise<string> {
  const { hostname, port } = new URL(url);
  const body = JSON.stringify({ name: 'Drained Co' });
  return new Promise((resolve, reject) => {
    const socket = connect({ host: hostname, port: Number(port) });
    let answer = '';
    socket.setEncoding('utf8').on('data', (chunk: string) => {
      answer += chunk;
    });
    socket.once('error', reject);
    socket.once('end', () => resolve(answer));
    socket.write(
      `POST /v1/operator/merchants HTTP/1.1\r\nHost: ${hostname}\r\nAuthorization: Bearer ${token}\r\n` +
        `Content-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body.slice(0, 5)}`,
    );
    void release.then(() => socket.write(body.slice(5)));
  });
}

describe('start scripts: signals drain and stop every process', function () {
  // Each script starts npm, a no-op build and the service; `npm start` also the embedded PostgreSQL.
  this.timeout(120_000);
  let database: ScratchDatabase;
  let script: NpmScript | null = null;

  before(async () => {
    database = await scratchDatabase('start_scripts');
  });

  afterEach(() => {
    script?.kill();
    script = null;
  });

  after(async () => {
    await database.drop();
  });

  it('SIGTERM to `npm run start:api` finishes the request in flight, then exits 0', async () => {
    script = new NpmScript('start:api', shellEnv({ DATABASE_URL: database.url }));
    const ready = await script.until(started);
    let release = () => {};
    const answer = heldRequest(
      String(ready.url),
      await operatorToken(),
      new Promise<void>((resolve) => {
        release = resolve;
      }),
    );
    // The request's headers are in; the server must not close under it once it is told to stop.
    await new Promise((resolve) => setTimeout(resolve, 200));
    script.signal('SIGTERM');
    await script.until((line) => line.msg === 'shutting down');
    release();
    const text = await answer;
    expect(text).to.match(/^HTTP\/1\.1 201 /);
    expect(text, 'no keep-alive promised by a server that is stopping').to.match(
      /\r\nConnection: close\r\n/i,
    );
    await expectCleanStop(script, Number(ready.pid));
  });

  it('a shutdown that cannot drain (a request that never ends) exits 1 on its deadline, saying so', async () => {
    script = new NpmScript('start:api', shellEnv({ DATABASE_URL: database.url, SHUTDOWN_TIMEOUT_MS: '300' }));
    const ready = await script.until(started);
    const answer = heldRequest(String(ready.url), await operatorToken(), new Promise<void>(() => undefined));
    await new Promise((resolve) => setTimeout(resolve, 200));
    script.signal('SIGTERM');
    expect(await script.exited, script.text).to.equal(1);
    expect(script.lines.map((line) => line.msg)).to.include(
      'shutdown deadline passed: stopped without draining',
    );
    expect(running(Number(ready.pid))).to.equal(false);
    expect(await answer, 'the connection is closed under the request').to.equal('');
  });

  it('SIGTERM to `npm run start:worker` exits 0', async () => {
    script = new NpmScript('start:worker', shellEnv({ DATABASE_URL: database.url }));
    const ready = await script.until(started);
    script.signal('SIGTERM');
    await expectCleanStop(script, Number(ready.pid));
  });

  it('`kill -9` of the service, `npm start` again, then SIGTERM: no PostgreSQL of that checkout is left running', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'payout-start-killed-'));
    const relocated = () => readlink(join(dataDir, 'postgres')).catch(() => null);
    try {
      const first = new NpmScript('start', shellEnv({ DATA_DIR: dataDir }));
      script = first;
      const killed = await first.until(started);
      const orphan = await postmasterOf(dataDir);
      process.kill(Number(killed.pid), 'SIGKILL');
      await first.exited;
      expect(running(orphan), 'kill -9 of the service leaves its server running').to.equal(true);

      script = new NpmScript('start', shellEnv({ DATA_DIR: dataDir }));
      const ready = await script.until(started);
      const postmaster = await postmasterOf(dataDir);
      expect(running(orphan), 'the orphaned server is stopped').to.equal(false);
      expect(postmaster).to.not.equal(orphan);
      script.signal('SIGTERM');
      await expectCleanStop(script, Number(ready.pid));
      expect(running(postmaster), 'the embedded PostgreSQL is gone').to.equal(false);
      const where = (await relocated()) ?? dataDir;
      expect(await processesNaming(where), `no process runs on ${where}`).to.deep.equal([]);
    } finally {
      const target = await relocated();
      if (target?.startsWith(RELOCATED_CLUSTERS)) await rm(target, { recursive: true, force: true });
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it('Ctrl-C in `npm start` (SIGINT to the group) stops the app before its embedded PostgreSQL, from a private folder', async () => {
    // mkdtemp's folder is private (0700): as root the postgres user cannot enter it.
    const dataDir = await mkdtemp(join(tmpdir(), 'payout-start-scripts-'));
    try {
      script = new NpmScript('start', shellEnv({ DATA_DIR: dataDir }));
      const ready = await script.until(started);
      const postmaster = Number(
        (await readFile(join(dataDir, 'postgres', 'postmaster.pid'), 'utf8')).split('\n')[0],
      );
      // A CLI beside the running service uses its embedded server.
      const verify = spawn(process.execPath, [LEDGER_VERIFY], { env: shellEnv({ DATA_DIR: dataDir }) });
      let report = '';
      verify.stdout.setEncoding('utf8').on('data', (chunk: string) => {
        report += chunk;
      });
      expect(await new Promise((resolve) => verify.once('exit', resolve)), report).to.equal(0);
      expect(report).to.include('ledger verified');
      script.signal('SIGINT', true);
      await expectCleanStop(script, Number(ready.pid));
      expect(running(postmaster), 'the embedded PostgreSQL is gone').to.equal(false);
    } finally {
      const relocated = await readlink(join(dataDir, 'postgres')).catch(() => null);
      if (relocated?.startsWith(RELOCATED_CLUSTERS)) await rm(relocated, { recursive: true, force: true });
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
