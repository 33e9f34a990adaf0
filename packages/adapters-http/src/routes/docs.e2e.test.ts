import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { expect } from 'chai';
import { inMemoryHttpDeps, startHttpApp } from '../testing/in-memory-http.harness.js';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

describe('/docs in headless Chromium', function () {
  this.timeout(60_000);

  it('renders the API reference from local files and lists the withdrawal endpoint', async () => {
    expect(
      existsSync(CHROMIUM),
      `Chromium not found at ${CHROMIUM}; install Debian's chromium package`,
    ).to.equal(true);
    const app = await startHttpApp(inMemoryHttpDeps());
    const profile = mkdtempSync(join(tmpdir(), 'docs-e2e-'));
    try {
      const { stdout, stderr } = await promisify(execFile)(
        CHROMIUM,
        [
          '--headless',
          '--no-sandbox',
          '--disable-gpu',
          '--disable-quic',
          '--no-first-run',
          '--disable-background-networking',
          '--disable-component-update',
          '--disable-sync',
          '--enable-logging=stderr',
          '--v=0',
          `--user-data-dir=${profile}`,
          '--virtual-time-budget=10000',
          '--dump-dom',
          `${app.baseUrl}/docs`,
        ],
        { maxBuffer: 64 * 1024 * 1024, timeout: 50_000 },
      );
      expect(stdout).to.include('swagger-ui');
      // Rendered by swagger-ui from /openapi.json, not present in the page's static HTML.
      expect(stdout).to.include('/v1/ext/linked-accounts/{currency}/{linkedAccountId}/withdrawal');
      expect(stdout).to.include('Payout and Linked-Account Service');
      // The page's console, where Chromium reports whatever the Content-Security-Policy blocked.
      expect(stderr).to.not.match(/Content Security Policy/i);
    } finally {
      await app.close();
      rmSync(profile, { recursive: true, force: true });
    }
  });
});
