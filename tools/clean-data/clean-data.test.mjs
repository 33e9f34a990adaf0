import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { expect } from 'chai';

const CLEAN = new URL('./clean-data.mjs', import.meta.url).pathname;
const run = (dataDir) =>
  promisify(execFile)(process.execPath, [CLEAN], { env: { ...process.env, DATA_DIR: dataDir } });

describe('npm run clean:data', () => {
  let root;
  beforeEach(async () => {
    root = await mkdtemp(join(tmpdir(), 'payout-clean-data-'));
    await mkdir(join(root, 'data', 'postgres'), { recursive: true });
  });
  afterEach(() => rm(root, { recursive: true, force: true }));

  it('removes DATA_DIR when no server runs on it', async () => {
    await writeFile(join(root, 'data', 'postgres', 'postmaster.pid'), '999999999\n/x\n1\n5432\n');
    const { stdout } = await run(join(root, 'data'));
    expect(stdout).to.include(`removed ${join(root, 'data')}`);
    expect(existsSync(join(root, 'data'))).to.equal(false);
  });

  it('refuses while the embedded PostgreSQL of DATA_DIR runs, and removes nothing', async () => {
    await writeFile(join(root, 'data', 'postgres', 'postmaster.pid'), `${process.pid}\n/x\n1\n5432\n`);
    const refused = await run(join(root, 'data')).catch((error) => error);
    expect(refused.code).to.equal(1);
    expect(refused.stderr).to.include('stop the service first');
    expect(existsSync(join(root, 'data', 'postgres'))).to.equal(true);
  });
});
