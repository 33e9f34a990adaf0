import { execFile } from 'node:child_process';
import { chmod, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { expect } from 'chai';
import { note } from './node-note.mjs';

const NOTE = new URL('./node-note.mjs', import.meta.url).pathname;

describe('npm ci on an older Node', () => {
  it('.npmrc keeps npm to errors, so the per-package EBADENGINE warnings are not printed', async () => {
    const npmrc = await readFile(new URL('../../.npmrc', import.meta.url), 'utf8');
    const settings = Object.fromEntries(
      npmrc
        .split('\n')
        .filter((line) => line && !line.startsWith('#'))
        .map((line) => line.split('=').map((part) => part.trim())),
    );
    expect(settings).to.include({ loglevel: 'error' });
  });

  it('the postinstall names the Node of npm and the Node the scripts use, once; nothing on a recent Node', async () => {
    const root = await mkdtemp(join(tmpdir(), 'payout-node-note-'));
    try {
      const old = join(root, 'node20');
      await writeFile(old, '#!/bin/sh\necho 20.20.2\n');
      await chmod(old, 0o755);
      const { stderr, stdout } = await promisify(execFile)(process.execPath, [NOTE], {
        env: { ...process.env, npm_node_execpath: old },
      });
      expect(stdout).to.equal('');
      expect(stderr.trim().split('\n')).to.have.length(1);
      expect(stderr)
        .to.include('Node 20.20.2 runs npm')
        .and.include('>=22.12')
        .and.include('node_modules/.bin');
      const recent = await promisify(execFile)(process.execPath, [NOTE], {
        env: { ...process.env, npm_node_execpath: process.execPath },
      });
      expect(recent.stderr).to.equal('');
    } finally {
      await rm(root, { recursive: true, force: true });
    }
    expect(note('22.12.0')).to.equal(null);
    expect(note('22.11.0')).to.include('Node 22.11.0');
  });
});
