import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { expect } from 'chai';
import { CHROMIUM_FLAGS, CHROMIUM_PATH, chromiumMissing } from '../testing/headless-chromium.js';
import { inMemoryHttpDeps, startHttpApp } from '../testing/in-memory-http.harness.js';

/** The page's DOM once Chromium has run its scripts, and Chromium's log (where CSP refusals show). */
async function dumpDom(url: string): Promise<{ stdout: string; stderr: string }> {
  const profile = mkdtempSync(join(tmpdir(), 'docs-e2e-'));
  try {
    return await promisify(execFile)(
      CHROMIUM_PATH,
      [...CHROMIUM_FLAGS, `--user-data-dir=${profile}`, '--virtual-time-budget=10000', '--dump-dom', url],
      { maxBuffer: 64 * 1024 * 1024, timeout: 50_000 },
    );
  } finally {
    rmSync(profile, { recursive: true, force: true });
  }
}

describe('/docs in headless Chromium', function () {
  this.timeout(60_000);
  let app: { baseUrl: string; close: () => Promise<void> };

  before(async () => {
    expect(chromiumMissing()).to.equal(null);
    app = await startHttpApp(inMemoryHttpDeps());
  });
  after(() => app?.close());

  it('renders the API reference from local files and lists the withdrawal endpoint', async () => {
    const { stdout, stderr } = await dumpDom(`${app.baseUrl}/docs`);
    expect(stdout).to.include('swagger-ui');
    // Rendered by swagger-ui from /openapi.json, not present in the page's static HTML.
    expect(stdout).to.include('/v1/ext/linked-accounts/{currency}/{linkedAccountId}/withdrawal');
    expect(stdout).to.include('Payout and Linked-Account Service');
    // The page's console, where Chromium reports whatever the Content-Security-Policy blocked.
    expect(stderr).to.not.match(/Content Security Policy/i);
  });

  it("offers the document's own withdrawal example, without the mfaCode the API refuses", async () => {
    // Deep-linked, so that swagger-ui opens the operation and shows the body "Try it out" would send.
    const { stdout } = await dumpDom(`${app.baseUrl}/docs#/Withdrawals/createWithdrawal`);
    const text = stdout.replace(/<[^>]*>/g, '');
    expect(text).to.include('Example Value');
    expect(text).to.include('"walletType": "SPEND",\n  "reason": "Weekly payout"');
    expect(text).to.not.match(/"mfaCode":/);
  });
});
