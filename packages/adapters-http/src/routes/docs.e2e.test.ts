import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { expect } from 'chai';
import { CHROMIUM_FLAGS, CHROMIUM_PATH, chromiumMissing } from '../testing/headless-chromium.js';
import { inMemoryHttpDeps, startHttpApp } from '../testing/in-memory-http.harness.js';

describe('/docs in headless Chromium', function () {
  this.timeout(60_000);

  it('renders the API reference from local files and lists the withdrawal endpoint', async () => {
    expect(chromiumMissing()).to.equal(null);
    const app = await startHttpApp(inMemoryHttpDeps());
    const profile = mkdtempSync(join(tmpdir(), 'docs-e2e-'));
    try {
      const { stdout, stderr } = await promisify(execFile)(
        CHROMIUM_PATH,
        [
          ...CHROMIUM_FLAGS,
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
