import { type ChildProcess, spawn } from 'node:child_process';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'chai';

const START = fileURLToPath(new URL('./start.js', import.meta.url));
const OPERATOR = { scope: 'operator', sub: 'e2e-operator' };

/** `npm start` with nothing configured: embedded PostgreSQL under DATA_DIR, data kept across restarts. */
describe('npm start (embedded PostgreSQL)', function () {
  this.timeout(120_000);
  let dataDir: string;
  let child: ChildProcess | null = null;

  before(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'payout-start-'));
    // Run as root, the embedded server runs as the `postgres` user, which must be able to enter this folder.
    await chmod(dataDir, 0o755);
  });

  after(async () => {
    child?.kill('SIGKILL');
    await rm(dataDir, { recursive: true, force: true });
  });

  async function start(): Promise<{ url: string; process: ChildProcess }> {
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
    };
    for (const name of ['DATABASE_URL', 'REDIS_URL', 'APP_ENV', 'JWT_SECRET', 'ENCRYPTION_KEY'])
      delete env[name];
    const started = spawn(process.execPath, [START], { env, stdio: ['ignore', 'pipe', 'inherit'] });
    child = started;
    const url = await new Promise<string>((resolve, reject) => {
      let buffer = '';
      started.stdout?.on('data', (chunk: Buffer) => {
        buffer += chunk.toString();
        const match = /"url":"(http:\/\/[^"]+)"/.exec(buffer);
        if (match?.[1]) resolve(match[1]);
      });
      started.once('exit', (code) =>
        reject(new Error(`service exited with ${code} before listening:\n${buffer}`)),
      );
    });
    return { url, process: started };
  }

  async function stop(running: ChildProcess): Promise<number | null> {
    const exited = new Promise<number | null>((resolve) => running.once('exit', (code) => resolve(code)));
    running.kill('SIGTERM');
    const code = await exited;
    child = null;
    return code;
  }

  it('starts, serves a merchant, stops cleanly on SIGTERM, and finds its data after a restart', async () => {
    const { mintToken } = (await import('../../../../tools/token/mint-token.mjs' as string)) as {
      mintToken: (claims: Record<string, unknown>) => string;
    };
    const first = await start();
    expect((await fetch(`${first.url}/readyz`)).status).to.equal(200);
    const created = await fetch(`${first.url}/v1/operator/merchants`, {
      method: 'POST',
      headers: { authorization: `Bearer ${mintToken(OPERATOR)}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Restart Co' }),
    });
    const merchant = (await created.json()) as { data: { id: string; wallet: { id: string } } };
    expect(created.status).to.be.oneOf([200, 201]);
    expect(await stop(first.process)).to.equal(0);

    const second = await start();
    const credit = await fetch(`${second.url}/v1/operator/wallets/${merchant.data.wallet.id}/credits`, {
      method: 'POST',
      headers: { authorization: `Bearer ${mintToken(OPERATOR)}`, 'content-type': 'application/json' },
      body: JSON.stringify({ amount: 12.5 }),
    });
    expect(credit.status).to.equal(200);
    expect(((await credit.json()) as { data: { balance: string } }).data.balance).to.equal('12.50');
    expect(await stop(second.process)).to.equal(0);
  });
});
